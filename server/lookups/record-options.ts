import { hasPermission, text, valueAt, VERSION_KEY, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import type { Option } from './lookups-repo.ts';

/** The lookup source of an entity's records: `x-lookup: "entity:<name>"` (a notification setting's contacts). */
export const RECORD_SOURCE_PREFIX = 'entity:';

/** What picking a record fills (`x-lookupFill`): its top-level text and number values, and its version (`$version`, for `x-lookupVersion`). */
export function optionData(doc: Record<string, unknown>, version: number): Record<string, string> {
  const out: Record<string, string> = { [VERSION_KEY]: String(version) };
  for (const [k, v] of Object.entries(doc)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
}

/**
 * The records of an entity the user's company owns (every record of master data), labelled by the entity's title field, at
 * most 200 matching the text. The user needs the entity's list or read permission (403 otherwise); an
 * entity that is not registered is no source (404).
 */
export async function recordOptions(db: Queryable, registry: EntityRegistry, name: string, user: SessionUser, lang: Language, q: string): Promise<Option[]> {
  const reg = registry.list().find((r) => r.name === name);
  if (!reg) throw new ApiError(404, 'ROUTE_NOT_FOUND');
  // Reading the records is enough to pick one (an applicant picks a lab for a TRF without the labs' list page).
  if (!hasPermission(user.permissionMap, reg.entity.permissions.list) && !hasPermission(user.permissionMap, reg.entity.permissions.read)) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.list });
  const title = reg.entity.titleField.startsWith('$') ? undefined : reg.entity.titleField;
  // Master data (`access.visibility: everyone`) is every user's to pick; other records are the user's company's.
  const everyone = reg.entity.access?.visibility === 'everyone';
  const { rows } = await db.query<{ id: string; doc: Record<string, unknown>; version: number }>(
    `select id, doc, version from records where entity = $1 and ($2::text is null or company_id = $2) order by created_at, id limit 500`,
    [reg.name, everyone ? null : user.companyId],
  );
  const needle = q.trim().toLowerCase();
  const label = (doc: Record<string, unknown>, id: string) => {
    const v = title ? valueAt(doc, title) : undefined;
    return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : text(reg.entity.label, lang, id);
  };
  return rows
    .map((r) => ({ value: r.id, label: label(r.doc, r.id), data: optionData(r.doc, r.version) }))
    .filter((o) => !needle || o.label.toLowerCase().includes(needle))
    .slice(0, 200);
}
