import { lookupContextValues, lookupReferences, message, pathLabel, type EntityRegistry, type Language, type LookupReference, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { lookupSources, sourceOptions } from '../lookups/routes.ts';
import { RECORD_SOURCE_PREFIX } from '../lookups/record-options.ts';

/** Each registration's lookups declaring a filter, found once (registrations are immutable). */
const filteredOf = new WeakMap<RegisteredEntity, LookupReference[]>();
function filtered(tx: Queryable, registry: EntityRegistry, reg: RegisteredEntity): LookupReference[] {
  let refs = filteredOf.get(reg);
  if (!refs) {
    const sources = new Set([...Object.keys(lookupSources(tx, registry)), ...registry.list().map((r) => `${RECORD_SOURCE_PREFIX}${r.name}`)]);
    refs = lookupReferences(reg.schema, sources).filter((r) => r.node['x-lookupFilter']);
    filteredOf.set(reg, refs);
  }
  return refs;
}

/**
 * A lookup's declared filter (`x-lookupFilter`, docs/declarations.md §1) holds on every write, not
 * only in the picker: each value the write adds must be one the field's source offers the writer
 * with that filter (and the field's `x-lookupContext`) — a TRF's buyer a buyer company — else 400
 * `LOOKUP_NOT_AVAILABLE` naming the field in the request language. Values the stored document
 * already held are not checked again (a record saved before keeps what it names).
 */
export async function checkLookupFilters(tx: Queryable, registry: EntityRegistry, reg: RegisteredEntity, doc: unknown, previous: unknown, user: SessionUser, lang: Language): Promise<void> {
  for (const ref of filtered(tx, registry, reg)) {
    const before = new Set(previous === undefined ? [] : ref.idsIn(previous));
    const added = [...new Set(ref.idsIn(doc))].filter((id) => !before.has(id));
    if (!added.length) continue;
    const context = { ...lookupContextValues(ref.context, doc), ...ref.node['x-lookupFilter'] };
    const offered = new Set(((await sourceOptions(tx, registry, ref.source, lang, '', user, context, added, true)) ?? []).map((o) => o.value));
    if (added.every((id) => offered.has(id))) continue;
    const said = { field: pathLabel(reg, ref.path, lang) };
    throw new ApiError(400, 'LOOKUP_NOT_AVAILABLE', said, [{ field: ref.path, keyword: 'lookup', message: message('LOOKUP_NOT_AVAILABLE', lang, said) }]);
  }
}
