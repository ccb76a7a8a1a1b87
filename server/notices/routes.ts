import type { FastifyInstance } from 'fastify';
import { hasPermission, validateForm } from '../../engine/index.ts';
import { NOTICE_SCHEMA, NOTICE_SCHEMAS as S } from './notice-schemas.ts';
import type { Database } from '../db/database.ts';
import { currentUser, publicRoute } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { currentNotice, latestNotices, noticeView as view } from './notices-repo.ts';
import { changeNotice, publishNotice } from './notice-lifecycle.ts';

/**
 * Maintenance notices (SPEC §4, §7): polled by every client, published by internal staff
 * (`notice:publish`), started and finished on time by notice-schedule.machine.ts (or by staff
 * earlier: notice-lifecycle.ts). The current notice is the newest one not finished, else the
 * newest finished one (so clients close their dialog and clear what they kept).
 */
export function noticeRoutes(app: FastifyInstance, db: Database): void {
  const requirePublisher = (req: Parameters<typeof currentUser>[0]) => {
    if (!hasPermission(currentUser(req).permissionMap, 'notice:publish')) throw new ApiError(403, 'FORBIDDEN', { permission: 'notice:publish' });
  };

  app.get('/api/sgs-im/im/getNotifyMsg', { ...publicRoute(120), schema: S.current }, async () => {
    const notice = await currentNotice(db);
    return ok(notice ? view(notice) : null);
  });

  app.get('/api/notices', { schema: S.list }, async (req) => {
    requirePublisher(req);
    return ok((await latestNotices(db)).map(view));
  });

  app.post('/api/notices', { schema: S.publish }, async (req, reply) => {
    requirePublisher(req);
    const errors = validateForm(NOTICE_SCHEMA, req.body, requestLanguage(req));
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    const body = req.body as { startDateTime: string; finishDateTime: string; publishRemark: object; whiteList?: string };
    const notice = await publishNotice(db, { ...body, createdBy: currentUser(req).id }, requestLanguage(req));
    return reply.status(201).send({ code: 201, data: view(notice) });
  });

  app.post<{ Params: { id: string; action: string } }>('/api/notices/:id/:action', { schema: S.change }, async (req) => {
    requirePublisher(req);
    return ok(view(await changeNotice(db, req.params.id, req.params.action, currentUser(req).id, requestLanguage(req))));
  });
}
