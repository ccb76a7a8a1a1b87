import { fieldLabel, hasPermission, lookupContextValues, lookupReferences, message, type EntityRegistry, type Language, type LookupReference, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { KIND_SOURCES } from '../lookups/kind-sources.ts';
import { configuredTemplate } from '../lookups/kind-config.ts';
import { scopeOf, visibilityPredicate } from './visibility.ts';
import { checkRecordReferences } from './record-references.ts';
import { checkLookupFilters } from './lookup-filters.ts';

const SOURCES: ReadonlySet<string> = new Set(Object.keys(KIND_SOURCES));

/** Each registration's picking fields, found once (a schema walk per write would cost a large form's every save). */
const referencesOf = new WeakMap<RegisteredEntity, LookupReference[]>();
function picking(reg: RegisteredEntity): LookupReference[] {
  let refs = referencesOf.get(reg);
  if (!refs) referencesOf.set(reg, (refs = lookupReferences(reg.schema, SOURCES)));
  return refs;
}

/**
 * A record picked through a template-kind lookup (`x-lookup: materials` / `products`: a TRF sample's
 * material) must be one the picker offers the user: a record of a template of that kind, readable by
 * the user's permissions and within the user's write visibility (their company's own; staff: all),
 * and of the template the material configuration names for the document's buyer and product
 * category when it names one (`x-lookupContext`, lookups/kind-config.ts). Only ids the write adds are checked (`previous`: the stored document), so a party editing a
 * shared record keeps what the owner picked. Anything else: 400 `LOOKUP_NOT_AVAILABLE` on the field.
 * Called on every write: create, update and a user's event (service.ts).
 */
export async function checkPickedRecords(tx: Queryable, registry: EntityRegistry | undefined, reg: RegisteredEntity, doc: unknown, previous: unknown, user: SessionUser, lang: Language): Promise<void> {
  if (!registry) return;
  // An entity's records (`entity:<name>`: a filing's citations) are checked alike (record-references.ts).
  await checkRecordReferences(tx, registry, reg, doc, previous, user, lang);
  // A lookup's declared filter (`x-lookupFilter`: a TRF's buyer among buyers) holds for what is saved, not only in the picker.
  await checkLookupFilters(tx, registry, reg, doc, previous, user, lang);
  for (const ref of picking(reg)) {
    const before = new Set(previous === undefined ? [] : ref.idsIn(previous));
    const added = [...new Set(ref.idsIn(doc))].filter((id) => !before.has(id));
    if (!added.length) continue;
    const kind = KIND_SOURCES[ref.source]!;
    const configured = ref.context ? await configuredTemplate(tx, kind, lookupContextValues(ref.context, doc)) : undefined;
    for (const id of added) {
      if (await mayPick(tx, registry, kind, id, user, configured)) continue;
      const said = { field: fieldLabel(ref.node, lang, ref.path) };
      throw new ApiError(400, 'LOOKUP_NOT_AVAILABLE', said, [{ field: ref.path, keyword: 'lookup', message: message('LOOKUP_NOT_AVAILABLE', lang, said) }]);
    }
  }
}

async function mayPick(tx: Queryable, registry: EntityRegistry, kind: string, id: string, user: SessionUser, configured: string | undefined): Promise<boolean> {
  const { rows } = await tx.query<{ entity: string }>('select r.entity from records r join form_templates t on t.code = r.entity and t.kind = $2 where r.id = $1', [id, kind]);
  const entity = rows[0]?.entity;
  if (!entity || !registry.has(entity) || (configured && entity !== configured)) return false;
  const target = registry.get(entity);
  if (!hasPermission(user.permissionMap, target.entity.permissions.read)) return false;
  const params: unknown[] = [id];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const visible = visibilityPredicate(scopeOf(user, registry), 'r', p, target, target.entity.access?.visibility === 'everyone' ? 'read' : 'write');
  const found = await tx.query(`select 1 from records r where r.id = $1 and ${visible}`, params);
  return found.rows.length > 0;
}
