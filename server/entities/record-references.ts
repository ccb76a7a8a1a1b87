import { fieldAt, fieldLabel, fieldPath, hasPermission, lookupReferences, message, pathKeys, type EntityRegistry, type Language, type LookupReference, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { RECORD_SOURCE_PREFIX } from '../lookups/record-options.ts';
import { scopeOf, visibilityPredicate } from './visibility.ts';

/** Every `entity:<name>` source: `lookupReferences` asks only whether a field's source is one. */
const RECORD_SOURCES = { has: (source: string) => source.startsWith(RECORD_SOURCE_PREFIX) } as ReadonlySet<string>;

/**
 * The fields whose own rules check the record they name: the parent (`access.parent`), the record it
 * belongs to (`belongsTo`), a tree's parent (`tree`) and, when a record is made, the target of a relay
 * sent on `$create` (400 `RELAY_TARGET_MISSING` as it is sent).
 */
function ownRuleFields(reg: RegisteredEntity, creating: boolean): Set<string> {
  const relays = creating ? (reg.entity.relays ?? []).filter((r) => r.events.$create).map((r) => r.field) : [];
  const fields = [reg.entity.access?.parent?.field, reg.entity.belongsTo?.field, reg.entity.tree?.parent, ...relays].filter((f): f is string => typeof f === 'string');
  return new Set(fields.map((f) => fieldPath(pathKeys(f))));
}

interface References {
  creating: LookupReference[];
  writing: LookupReference[];
}

/** Each registration's fields naming records of an entity (when a record is made, and on its other writes), found once (registrations are immutable). */
const found = new WeakMap<RegisteredEntity, References>();
function recordReferences(reg: RegisteredEntity, creating: boolean): LookupReference[] {
  let refs = found.get(reg);
  if (!refs) {
    const all = lookupReferences(reg.schema, RECORD_SOURCES);
    const [onCreate, onWrite] = [ownRuleFields(reg, true), ownRuleFields(reg, false)];
    found.set(reg, (refs = { creating: all.filter((r) => !onCreate.has(r.path)), writing: all.filter((r) => !onWrite.has(r.path)) }));
  }
  return creating ? refs.creating : refs.writing;
}

/**
 * Whether every id is a record of `target` the user may pick: what the lookup offers
 * (lookups/record-options.ts) — the entity's list or read permission, and the records within the
 * user's write visibility (their company's own; staff: all), every user's for master data
 * (`access.visibility: everyone`).
 */
async function allPickable(tx: Queryable, registry: EntityRegistry, target: RegisteredEntity, ids: readonly string[], user: SessionUser): Promise<boolean> {
  const { permissions } = target.entity;
  if (!hasPermission(user.permissionMap, permissions.list) && !hasPermission(user.permissionMap, permissions.read)) return false;
  const params: unknown[] = [target.name, ids];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const visible = visibilityPredicate(scopeOf(user, registry), 'r', p, target, target.entity.access?.visibility === 'everyone' ? 'read' : 'write');
  const { rows } = await tx.query<{ n: number | string }>(`select count(*) as n from records r where r.entity = $1 and r.id = any($2::text[]) and ${visible}`, params);
  return Number(rows[0]?.n ?? 0) === ids.length;
}

/**
 * The records a document names in its `x-lookup: "entity:<name>"` fields — one id, or a list of
 * them (a filing's citations), at any depth — exist and are ones the lookup offers the writer, on
 * every write (create, update, a user's event): else 400 `LOOKUP_NOT_AVAILABLE` naming the field.
 * Only ids the write adds are checked (`previous`: the stored document), so a party editing a shared
 * record keeps what the owner picked. The parent, belongs-to, tree-parent and (on create) relay-target
 * fields have their own rules.
 */
export async function checkRecordReferences(tx: Queryable, registry: EntityRegistry, reg: RegisteredEntity, doc: unknown, previous: unknown, user: SessionUser, lang: Language): Promise<void> {
  for (const ref of recordReferences(reg, previous === undefined)) {
    const before = new Set(previous === undefined ? [] : ref.idsIn(previous));
    const added = [...new Set(ref.idsIn(doc))].filter((id) => !before.has(id));
    if (!added.length) continue;
    const name = ref.source.slice(RECORD_SOURCE_PREFIX.length);
    if (registry.has(name) && (await allPickable(tx, registry, registry.get(name), added, user))) continue;
    // A list of ids is named by the list's label (its items carry none).
    const said = { field: fieldLabel(fieldAt(reg.schema, ref.path) ?? ref.node, lang, ref.path) };
    throw new ApiError(400, 'LOOKUP_NOT_AVAILABLE', said, [{ field: ref.path, keyword: 'lookup', message: message('LOOKUP_NOT_AVAILABLE', lang, said) }]);
  }
}
