import type { FastifyInstance } from 'fastify';
import type { EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { EntityService } from '../entities/service.ts';
import { ApiError, ok } from '../http/errors.ts';
import { answers, pathParams, queryStrings } from '../http/route-schemas.ts';
import { logView, recentViews } from './powerbi-repo.ts';

/** The entity of the embedded BI reports (schemas/powerbiReport/). */
export const POWERBI_ENTITY = 'powerbiReport';
/** Who may read the power BI log. */
export const POWERBI_LOG_PERMISSION = 'powerbi:create';
/** The origins BI reports may be embedded from unless configured (POWERBI_EMBED_ORIGINS). */
export const DEFAULT_EMBED_ORIGINS: readonly string[] = ['https://app.powerbi.com'];

const str = { type: 'string' };
const SCHEMAS = {
  view: {
    tags: ['powerbi'],
    params: pathParams('id'),
    response: answers({ type: 'object', required: ['id', 'name', 'embedUrl'], properties: { id: str, name: str, embedUrl: str } }),
  },
  log: {
    tags: ['powerbi'],
    querystring: queryStrings('reportId'),
    response: answers({
      type: 'array',
      items: { type: 'object', properties: { reportId: str, reportName: str, userName: str, account: str, companyName: str, viewedAt: str } },
    }),
  },
};

/** The origin of an address (https only), or undefined. */
export function embedOrigin(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Viewing an embedded BI report (SPEC §2 /powerbi/index, §7 power BI log): the record is read with
 * the entity's own permission and visibility (404 when the user may not see it), its address must
 * be on one of the configured embed origins (the same list the CSP's frame-src names), and the
 * view is logged before the address is handed out. Staff read the log.
 */
export function powerbiRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, embedOrigins: readonly string[]): void {
  if (!registry.has(POWERBI_ENTITY)) return;
  const service = new EntityService(db, undefined, registry);
  const allowed = new Set(embedOrigins);
  app.post<{ Params: { id: string } }>('/api/powerbi/:id/view', { schema: SCHEMAS.view }, async (req) => {
    const user = currentUser(req);
    const record = await service.get(registry.get(POWERBI_ENTITY), req.params.id, user);
    const embedUrl = String(record.doc.embedUrl ?? '');
    const origin = embedOrigin(embedUrl);
    if (!origin || !allowed.has(origin)) throw new ApiError(400, 'POWERBI_NOT_EMBEDDABLE');
    await logView(db, record.id, user.id, user.companyId);
    return ok({ id: record.id, name: String(record.doc.name ?? ''), embedUrl });
  });
  app.get<{ Querystring: { reportId?: string } }>('/api/powerbi/log', { schema: SCHEMAS.log }, async (req) => {
    const user = currentUser(req);
    if (!user.permissionMap[POWERBI_LOG_PERMISSION]) throw new ApiError(403, 'FORBIDDEN', { permission: POWERBI_LOG_PERMISSION });
    return ok(await recentViews(db, req.query.reportId, 200));
  });
}
