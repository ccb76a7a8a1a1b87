import { hasPermission, LOOKUP_CAP, pathKeys, text, valueAt, VERSION_KEY, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import type { Option, Values } from './lookups-repo.ts';
import { scopeOf, visibilityPredicate } from '../entities/visibility.ts';
import { configuredTemplate } from './kind-config.ts';
import { docPathArray } from '../db/doc-path-sql.ts';

/** The lookup source of an entity's records: `x-lookup: "entity:<name>"` (a notification setting's contacts). */
export const RECORD_SOURCE_PREFIX = 'entity:';

/** What picking a record fills (`x-lookupFill`): its top-level text and number values, and its version (`$version`, for `x-lookupVersion`). */
export function optionData(doc: Record<string, unknown>, version: number): Record<string, string> {
  const out: Record<string, string> = { [VERSION_KEY]: String(version) };
  for (const [k, v] of Object.entries(doc)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
}

/**
 * The records of an entity the user may write to (the one visibility condition, without granted
 * read-only access: a company's own contacts, the TRFs a report can be made for — staff who see
 * every company: all; master data, `access.visibility: everyone`, is every user's to pick), labelled
 * by the entity's title field, newest first, at most LOOKUP_CAP (200) matching the text (searched in SQL over all of them). Each option's data holds
 * the record's fields, its version (for `x-lookupVersion`) and its `title` (for `x-lookupFill`). The
 * user needs the entity's list or read permission (403 otherwise); an entity that is not registered
 * is no source (404).
 */
export async function recordOptions(db: Queryable, registry: EntityRegistry, name: string, user: SessionUser, lang: Language, q: string, values: Values = null): Promise<Option[]> {
  const reg = registry.list().find((r) => r.name === name);
  if (!reg) throw new ApiError(404, 'ROUTE_NOT_FOUND');
  // Reading the records is enough to pick one (an applicant picks a lab for a TRF without the labs' list page).
  if (!hasPermission(user.permissionMap, reg.entity.permissions.list) && !hasPermission(user.permissionMap, reg.entity.permissions.read)) throw new ApiError(403, 'FORBIDDEN', { permission: reg.entity.permissions.list });
  const title = reg.entity.titleField.startsWith('$') ? undefined : reg.entity.titleField;
  const params: unknown[] = [reg.name];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const visible = visibilityPredicate(scopeOf(user, registry), 'r', p, reg, reg.entity.access?.visibility === 'everyone' ? 'read' : 'write');
  const needle = q.trim().toLowerCase();
  // A text searches every record's title, not only the newest (a supplier with 500 materials picks its oldest one by name).
  const search = needle && title ? ` and r.doc #>> ${p(docPathArray(pathKeys(title)))} ilike ${p(`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}` : '';
  const only = values ? ` and r.id = any(${p(values)}::text[])` : '';
  const { rows } = await db.query<{ id: string; doc: Record<string, unknown>; version: number }>(
    `select r.id, r.doc, r.version from records r where r.entity = $1 and ${visible}${search}${only} order by r.created_at desc, r.id limit 500`,
    params,
  );
  const label = (doc: Record<string, unknown>, id: string) => {
    const v = title ? valueAt(doc, title) : undefined;
    return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : text(reg.entity.label, lang, id);
  };
  return rows
    .map((r) => ({ value: r.id, label: label(r.doc, r.id), data: { ...optionData(r.doc, r.version), title: label(r.doc, r.id) } }))
    .filter((o) => !needle || o.label.toLowerCase().includes(needle))
    .slice(0, LOOKUP_CAP);
}

/**
 * The records of every published template of a kind (`x-lookup: materials` / `products`): a TRF
 * sample picks one of the user's materials whatever material template it was made with — unless
 * the material configuration names the template for the document's buyer and product category
 * (`context`, kind-config.ts): then that template's only. Each option is labelled with its title
 * and, after it, its template's name.
 */
export async function kindRecordOptions(db: Queryable, registry: EntityRegistry, kind: 'material' | 'product', user: SessionUser, lang: Language, q: string, context: Readonly<Record<string, string>> = {}, values: Values = null): Promise<Option[]> {
  const { rows } = await db.query<{ code: string }>('select code from form_templates where kind = $1 order by code', [kind]);
  const configured = await configuredTemplate(db, kind, context);
  const out: Option[] = [];
  for (const { code } of rows) {
    if (configured && code !== configured) continue;
    if (!registry.has(code)) continue;
    const reg = registry.get(code);
    if (!hasPermission(user.permissionMap, reg.entity.permissions.read)) continue;
    const label = text(reg.entity.label, lang, code);
    for (const o of await recordOptions(db, registry, code, user, lang, q, values)) out.push({ ...o, label: `${o.label} · ${label}` });
  }
  return out.slice(0, LOOKUP_CAP);
}
