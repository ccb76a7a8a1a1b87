import { ALL_COMPANIES, hasPermission, text, valueAt, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import type { Option } from './lookups-repo.ts';

/** The lookup source of an entity's records: `x-lookup: "entity:<name>"` (a notification setting's contacts). */
export const RECORD_SOURCE_PREFIX = 'entity:';

/**
 * The records of an entity the user's company owns (every company's, for internal staff: a
 * quotation is issued for a customer's TRF), labelled by the entity's title field, at most 200
 * matching the text; each option's `data` holds the record's top-level text fields (for `x-lookupFill`). The user needs the entity's list permission (403 otherwise); an
 * entity that is not registered is no source (404).
 */
export async function recordOptions(db: Queryable, registry: EntityRegistry, name: string, user: SessionUser, lang: Language, q: string): Promise<Option[]> {
  const reg = registry.list().find((r) => r.name === name);
  if (!reg) throw new ApiError(404, 'ROUTE_NOT_FOUND');
  if (!hasPermission(user.permissionMap, reg.entity.permissions.list)) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.list });
  const title = reg.entity.titleField.startsWith('$') ? undefined : reg.entity.titleField;
  const all = hasPermission(user.permissionMap, ALL_COMPANIES);
  const { rows } = await db.query<{ id: string; doc: Record<string, unknown> }>(
    `select id, doc from records where entity = $1${all ? '' : ' and company_id = $2'} order by created_at, id limit 500`,
    all ? [reg.name] : [reg.name, user.companyId],
  );
  const data = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const needle = q.trim().toLowerCase();
  const label = (doc: Record<string, unknown>, id: string) => {
    const v = title ? valueAt(doc, title) : undefined;
    return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : text(reg.entity.label, lang, id);
  };
  return rows
    .map((r) => ({ value: r.id, label: label(r.doc, r.id), data: data(r.doc) }))
    .filter((o) => !needle || o.label.toLowerCase().includes(needle))
    .slice(0, 200);
}
