import { hasPermission, text, valueAt, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import type { Option } from './lookups-repo.ts';
import { scopeOf, visibilityPredicate } from '../entities/visibility.ts';

/** The lookup source of an entity's records: `x-lookup: "entity:<name>"` (a notification setting's contacts). */
export const RECORD_SOURCE_PREFIX = 'entity:';

/**
 * The records of an entity the user may write to (the one visibility condition, without granted
 * read-only access: a company's own contacts, the TRFs a report can be made for — staff who see
 * every company: all), labelled by the entity's title field (also given as the option's `title`
 * data, for `x-lookupFill`), newest first, at most 200 matching the text. The user needs the
 * entity's list permission (403 otherwise); an entity that is not registered is no source (404).
 */
export async function recordOptions(db: Queryable, registry: EntityRegistry, name: string, user: SessionUser, lang: Language, q: string): Promise<Option[]> {
  const reg = registry.list().find((r) => r.name === name);
  if (!reg) throw new ApiError(404, 'ROUTE_NOT_FOUND');
  if (!hasPermission(user.permissionMap, reg.entity.permissions.list)) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.list });
  const title = reg.entity.titleField.startsWith('$') ? undefined : reg.entity.titleField;
  const params: unknown[] = [reg.name];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const visible = visibilityPredicate(scopeOf(user), 'r', p, reg, 'write');
  const { rows } = await db.query<{ id: string; doc: Record<string, unknown> }>(
    `select r.id, r.doc from records r where r.entity = $1 and ${visible} order by r.created_at desc, r.id limit 500`,
    params,
  );
  const needle = q.trim().toLowerCase();
  const label = (doc: Record<string, unknown>, id: string) => {
    const v = title ? valueAt(doc, title) : undefined;
    return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : text(reg.entity.label, lang, id);
  };
  return rows
    .map((r) => ({ value: r.id, label: label(r.doc, r.id), data: { title: label(r.doc, r.id) } }))
    .filter((o) => !needle || o.label.toLowerCase().includes(needle))
    .slice(0, 200);
}
