import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { ALL_COMPANIES, hasPermission, LOOKUP_CAP, own, pickLanguage, type EntityRegistry } from '../../engine/index.ts';
import { currentUser } from '../auth/session-hook.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { kindRecordOptions, recordOptions, RECORD_SOURCE_PREFIX } from './record-options.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { LOOKUP_SCHEMA } from './lookup-schemas.ts';
import { KIND_SOURCES } from './kind-sources.ts';
import { accountOptions, companyOptions, customerGroupOptions, kindTemplateOptions, templateOptions, type Option, type Values } from './lookups-repo.ts';

/**
 * `context`: what the asking field is told of its document (`x-lookupContext`, `c.<name>` in the query);
 * `values`: only the options of these values (`values=` in the query), null for those matching the text;
 * `picking`: the values are a write's picks, checked against the whole filter (not labelled whatever they are).
 */
type Source = (lang: string, q: string, user: SessionUser, context: Readonly<Record<string, string>>, values: Values, picking?: boolean) => Promise<Option[]>;
type Context = Readonly<Record<string, string>>;

/** The option sources `x-lookup` names (lookups-repo.ts, record-options.ts): the lookup route's, and the import's when it reads a lookup column's cells. */
export function lookupSources(db: Queryable, registry: EntityRegistry): Record<string, Source> {
  return {
    templates: (lang, q, _user, _context, values) => templateOptions(db, lang, q, values),
    companies: (lang, q, user, context, values, picking) =>
      companyOptions(db, lang, q, values, { ...(context.role ? { role: context.role } : {}), ...(user.companyId ? { near: user.companyId } : {}), ...(picking ? { picking } : {}) }),
    customerGroups: (lang, q, _user, _context, values) => customerGroupOptions(db, lang, q, values),
    // The user's materials and products, of every published template of the kind (a TRF sample picks one).
    ...Object.fromEntries(Object.entries(KIND_SOURCES).map(([name, kind]): [string, Source] => [name, (lang, q, user, context, values) => kindRecordOptions(db, registry, kind, user, pickLanguage(lang), q, context, values)])),
    // The published material and product templates (a material configuration names one of each).
    materialTemplates: (lang, q, _user, _context, values) => kindTemplateOptions(db, 'material', pickLanguage(lang), q, values),
    productTemplates: (lang, q, _user, _context, values) => kindTemplateOptions(db, 'product', pickLanguage(lang), q, values),
    // The accounts of the user's own company; internal staff see every company's.
    accounts: (_lang, q, user, _context, values) => accountOptions(db, hasPermission(user.permissionMap, ALL_COMPANIES) ? undefined : user.companyId, q, values),
  };
}

/**
 * One source's options for a text, or of the given values (`values`): `entity:<name>` (an entity's records) or a named
 * source; undefined for an unknown source. `db` may be a transaction (a write's server-filled lookups, derived-fills.ts).
 */
export function sourceOptions(db: Queryable, registry: EntityRegistry, name: string, lang: string, q: string, user: SessionUser, context: Context = {}, values: Values = null, picking = false): Promise<Option[]> | undefined {
  if (name.startsWith(RECORD_SOURCE_PREFIX)) return recordOptions(db, registry, name.slice(RECORD_SOURCE_PREFIX.length), user, pickLanguage(lang), q, values);
  return own(lookupSources(db, registry), name)?.(lang, q, user, context, values, picking);
}

/** The `values` query parameter: comma-separated values (ids hold no comma), at most LOOKUP_CAP; null when absent. */
function valuesOf(raw: unknown): Values {
  if (typeof raw !== 'string') return null;
  return [...new Set(raw.split(',').filter(Boolean))].slice(0, LOOKUP_CAP);
}

const CONTEXT_PREFIX = 'c.';

/** The `c.<name>` query parameters: what the asking field is told of its document (at most 10, each at most 200 characters). */
function contextOf(query: Record<string, unknown>): Context {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(CONTEXT_PREFIX) || typeof value !== 'string' || Object.keys(out).length >= 10) continue;
    out[key.slice(CONTEXT_PREFIX.length)] = value.slice(0, 200);
  }
  return out;
}

/** Option sources named by `x-lookup` in declarations (lookups-repo.ts), and `entity:<name>` for an entity's records (record-options.ts). */
export function lookupRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): void {
  app.get<{ Params: { name: string }; Querystring: { q?: string; values?: string } & Record<string, unknown> }>('/api/lookups/:name', { schema: LOOKUP_SCHEMA }, async (req) => {
    const q = String(req.query.q ?? '').slice(0, 100);
    // Asked by values (a page's saved values to label), the text is not searched.
    const values = valuesOf(req.query.values);
    const options = sourceOptions(db, registry, req.params.name, requestLanguage(req), values ? '' : q, currentUser(req), contextOf(req.query), values);
    if (!options) throw new ApiError(404, 'ROUTE_NOT_FOUND');
    return ok(await options);
  });
}
