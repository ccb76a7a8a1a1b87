import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { ALL_COMPANIES, hasPermission, own, type EntityRegistry } from '../../engine/index.ts';
import { currentUser } from '../auth/session-hook.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { recordOptions, RECORD_SOURCE_PREFIX } from './record-options.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { LOOKUP_SCHEMA } from './lookup-schemas.ts';
import { accountOptions, companyOptions, customerGroupOptions, templateOptions, type Option } from './lookups-repo.ts';

/** Option sources named by `x-lookup` in declarations (lookups-repo.ts), and `entity:<name>` for an entity's records (record-options.ts). */
export function lookupRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): void {
  const sources: Record<string, (lang: string, q: string, user: SessionUser) => Promise<Option[]>> = {
    templates: (lang, q) => templateOptions(db, lang, q),
    companies: (lang, q) => companyOptions(db, lang, q),
    customerGroups: (lang, q) => customerGroupOptions(db, lang, q),
    // The accounts of the user's own company; internal staff see every company's.
    accounts: (_lang, q, user) => accountOptions(db, hasPermission(user.permissionMap, ALL_COMPANIES) ? undefined : user.companyId, q),
  };
  app.get<{ Params: { name: string }; Querystring: { q?: string } }>('/api/lookups/:name', { schema: LOOKUP_SCHEMA }, async (req) => {
    const q = String(req.query.q ?? '').slice(0, 100);
    if (req.params.name.startsWith(RECORD_SOURCE_PREFIX)) {
      return ok(await recordOptions(db, registry, req.params.name.slice(RECORD_SOURCE_PREFIX.length), currentUser(req), requestLanguage(req), q));
    }
    const source = own(sources, req.params.name);
    if (!source) throw new ApiError(404, 'ROUTE_NOT_FOUND');
    return ok(await source(requestLanguage(req), q, currentUser(req)));
  });
}
