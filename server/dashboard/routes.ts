import type { FastifyInstance } from 'fastify';
import { checkedDashboard, DASHBOARD_DECLARATION, text, type EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { answers, pathParams, queryStrings } from '../http/route-schemas.ts';
import { entityOfRequest } from '../entities/entity-of.ts';
import { stateCounts } from '../entities/records-repo.ts';
import { scopeOf } from '../entities/visibility.ts';

const SCHEMA = {
  tags: ['entities'],
  params: pathParams('entity'),
  querystring: queryStrings('region'),
  response: answers({ type: 'array', items: { type: 'object', required: ['value', 'count'], properties: { value: { type: 'string' }, count: { type: 'integer' } } } }),
};

/**
 * The dashboard (schemas/_dashboard/dashboard.json, checked here at start against the registry):
 * its states tile's counts in one request — an entity's records per value of a lifecycle region,
 * with the list's visibility, so each count is what the list filtered by that state shows.
 */
export function dashboardRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): void {
  checkedDashboard(DASHBOARD_DECLARATION, registry);
  app.get<{ Params: { entity: string }; Querystring: { region?: string } }>('/api/entities/:entity/state-counts', { schema: SCHEMA }, async (req) => {
    const reg = entityOfRequest(registry, req);
    const user = currentUser(req);
    if (!user.permissionMap[reg.entity.permissions.list]) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.list });
    const regions = Object.keys(reg.entity.lifecycle?.regions ?? {});
    const region = req.query.region ?? regions[0];
    if (!region || !regions.includes(region)) throw new ApiError(400, 'STATE_REGION_UNKNOWN', { entity: text(reg.entity.label, requestLanguage(req), reg.name), region: region ?? '' });
    return ok(await stateCounts(db, reg, region, scopeOf(user, registry)));
  });
}
