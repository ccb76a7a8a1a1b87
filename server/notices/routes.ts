import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hasPermission, validateForm } from '../../engine/index.ts';
import { NOTICE_SCHEMA, NOTICE_SCHEMAS as S } from './notice-schemas.ts';
import type { Database } from '../db/database.ts';
import { currentUser, publicRoute } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { isoTime } from '../db/timestamps.ts';

interface NoticeRow {
  id: string;
  final_publish_status: number;
  start_date_time: Date | string;
  finish_date_time: Date | string;
  publish_remark: { cn: string; en: string };
  white_list: string;
}

/** The notice fields of SPEC §3, as GET /api/sgs-im/im/getNotifyMsg answers them. */
function view(r: NoticeRow) {
  const start = new Date(r.start_date_time);
  return {
    id: r.id,
    finalPublishStatus: r.final_publish_status,
    weekDay: start.getUTCDay(),
    startDateTime: start.toISOString(),
    finishDateTime: isoTime(r.finish_date_time),
    publishRemark: JSON.stringify(r.publish_remark),
    whiteList: r.white_list,
  };
}

const STATUS_BY_ACTION = { start: { from: 1, to: 2 }, finish: { from: 2, to: 0 }, cancel: { from: 1, to: 0 } } as const;

/**
 * Maintenance notices (SPEC §4, §7): polled by every client, published, started and finished by
 * internal staff (`notice:publish`). The current notice is the newest one not finished, else the
 * newest finished one (so clients close their dialog and clear what they kept).
 */
export function noticeRoutes(app: FastifyInstance, db: Database): void {
  const requirePublisher = (req: Parameters<typeof currentUser>[0]) => {
    if (!hasPermission(currentUser(req).permissionMap, 'notice:publish')) throw new ApiError(403, 'FORBIDDEN', { permission: 'notice:publish' });
  };

  app.get('/api/sgs-im/im/getNotifyMsg', { ...publicRoute(120), schema: S.current }, async () => {
    const { rows } = await db.query<NoticeRow>(
      'select * from notices order by (final_publish_status <> 0) desc, updated_at desc, start_date_time desc limit 1',
    );
    return ok(rows[0] ? view(rows[0]) : null);
  });

  app.get('/api/notices', { schema: S.list }, async (req) => {
    requirePublisher(req);
    const { rows } = await db.query<NoticeRow>('select * from notices order by start_date_time desc limit 100');
    return ok(rows.map(view));
  });

  app.post('/api/notices', { schema: S.publish }, async (req, reply) => {
    requirePublisher(req);
    const errors = validateForm(NOTICE_SCHEMA, req.body, requestLanguage(req));
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    const body = req.body as { startDateTime: string; finishDateTime: string; publishRemark: object; whiteList?: string };
    const id = randomUUID();
    const { rows } = await db.query<NoticeRow>(
      `insert into notices (id, final_publish_status, start_date_time, finish_date_time, publish_remark, white_list, created_by)
       values ($1, 1, $2, $3, $4::jsonb, $5, $6) returning *`,
      [id, body.startDateTime, body.finishDateTime, JSON.stringify(body.publishRemark), body.whiteList ?? '', currentUser(req).id],
    );
    return reply.status(201).send({ code: 201, data: view(rows[0]!) });
  });

  app.post<{ Params: { id: string; action: string } }>('/api/notices/:id/:action', { schema: S.change }, async (req) => {
    requirePublisher(req);
    const step = Object.hasOwn(STATUS_BY_ACTION, req.params.action) ? STATUS_BY_ACTION[req.params.action as keyof typeof STATUS_BY_ACTION] : undefined;
    if (!step) throw new ApiError(404, 'ROUTE_NOT_FOUND');
    const { rows } = await db.query<NoticeRow>(
      'update notices set final_publish_status = $3, updated_at = now() where id = $1 and final_publish_status = $2 returning *',
      [req.params.id, step.from, step.to],
    );
    if (!rows[0]) throw new ApiError(409, 'NOTICE_STATE', { action: req.params.action });
    return ok(view(rows[0]));
  });
}
