import { boundFields, fieldLabel, fieldPath, joinPath, pathKeys, lookupSnapshots, message, text, valueAt, type EntityRegistry, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { optionData, RECORD_SOURCE_PREFIX } from '../lookups/record-options.ts';
import { KIND_SOURCES } from '../lookups/kind-sources.ts';
import { draftStates } from './visibility.ts';

type Doc = Record<string, unknown>;

/** The deepest a tree's parent chain is followed: a longer chain is a cycle stored before the rule (never by this server). */
const MAX_DEPTH = 64;

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

async function recordOf(tx: Queryable, entity: string, id: string): Promise<{ id: string; doc: Doc; version: number } | undefined> {
  const { rows } = await tx.query<{ id: string; doc: Doc; version: number }>('select id, doc, version from records where entity = $1 and id = $2', [entity, id]);
  return rows[0];
}

/**
 * Snapshotting lookups (`x-lookupVersion`, docs/declarations.md §1): the data a pick copied from a
 * record (a TRF's lab) must be as new as the record. A snapshot older than the record, or of a
 * record since removed, is refused with 409 `LOOKUP_STALE` — the field's `x-messages.lookupStale`
 * text (SPEC §8 'Lab info was updated, please input again') — and the fresh values the pick would
 * fill now (`data.refill`), which the form applies. `holders`: only the snapshots inside these
 * top-level fields are checked (those the writer may change); all when undefined.
 */
export async function checkLookupSnapshots(tx: Queryable, reg: RegisteredEntity, doc: Doc, lang: Language, holders?: ReadonlySet<string>): Promise<void> {
  for (const s of lookupSnapshots(reg.schema)) {
    const top = s.at ? pathKeys(s.at)[0]! : s.field;
    if (holders && !holders.has(top)) continue;
    const holder = s.at ? valueAt(doc, s.at) : doc;
    const id = isDoc(holder) ? holder[s.field] : undefined;
    if (typeof id !== 'string' || !id) continue;
    const stored = (holder as Doc)[s.versionField];
    const current = await recordOf(tx, s.entity, id);
    if (current && String(stored) === String(current.version)) continue;
    const path = joinPath(s.at, fieldPath([s.field]));
    const label = fieldLabel(s.at ? reg.schema.properties[top] : s.node, lang, path);
    const said = text(s.node['x-messages']?.lookupStale, lang) || message('LOOKUP_STALE_DEFAULT', lang, { field: label });
    const data = current ? optionData(current.doc, current.version) : {};
    const values = Object.fromEntries(Object.entries(s.fills).flatMap(([sibling, key]) => (data[key] !== undefined ? [[sibling, data[key]]] : [])));
    throw new ApiError(409, 'LOOKUP_STALE', { message: said }, [{ field: path, keyword: 'lookupStale', message: said }], {
      refill: { at: s.at, field: s.field, values: current ? values : { [s.field]: '' } },
    });
  }
}

/**
 * A tree's parent (entity `tree`, docs/declarations.md §3): it must exist and be neither the record
 * nor one of its descendants (400 `TREE_PARENT_MISSING`, `TREE_CYCLE`). Returns the document with
 * `tree.path` set to the ancestors' titles, root first.
 */
export async function checkTreeParent(tx: Queryable, reg: RegisteredEntity, id: string, doc: Doc, lang: Language): Promise<Doc> {
  const tree = reg.entity.tree;
  if (!tree) return doc;
  const parentId = doc[tree.parent];
  const titles: string[] = [];
  const label = fieldLabel(reg.schema.properties[tree.parent], lang, tree.parent);
  const refuse = (code: 'TREE_PARENT_MISSING' | 'TREE_CYCLE') => {
    const said = message(code, lang, { field: label });
    throw new ApiError(400, code, { field: label }, [{ field: tree.parent, keyword: 'tree', message: said }]);
  };
  let next = typeof parentId === 'string' && parentId ? parentId : undefined;
  for (let depth = 0; next; depth++) {
    if (next === id || depth >= MAX_DEPTH) refuse('TREE_CYCLE');
    const parent = await recordOf(tx, reg.name, next);
    if (!parent) refuse('TREE_PARENT_MISSING');
    titles.unshift(String(valueAt(parent!.doc, reg.entity.titleField) ?? parent!.id));
    const up = parent!.doc[tree.parent];
    next = typeof up === 'string' && up ? up : undefined;
  }
  return tree.path ? { ...doc, [tree.path]: titles.join(' / ') } : doc;
}

/**
 * After a tree record's title or parent changed: its descendants' paths follow (a derived field,
 * written without a new version: no user's edit is overtaken by it).
 */
export async function refreshTreePaths(tx: Queryable, reg: RegisteredEntity, id: string, doc: Doc): Promise<void> {
  const tree = reg.entity.tree;
  if (!tree?.path) return;
  const queue: { id: string; path: string }[] = [{ id, path: [doc[tree.path], valueAt(doc, reg.entity.titleField)].filter((v) => typeof v === 'string' && v).join(' / ') }];
  for (let item = queue.shift(), n = 0; item && n < 10_000; item = queue.shift(), n++) {
    const { rows } = await tx.query<{ id: string; doc: Doc }>('select id, doc from records where entity = $1 and doc ->> $2 = $3', [reg.name, tree.parent, item.id]);
    for (const child of rows) {
      await tx.query('update records set doc = jsonb_set(doc, $2::text[], to_jsonb($3::text)) where id = $1', [child.id, [tree.path], item.path]);
      queue.push({ id: child.id, path: [item.path, String(valueAt(child.doc, reg.entity.titleField) ?? child.id)].filter(Boolean).join(' / ') });
    }
  }
}

/** A tree record with children cannot be removed (409 `TREE_HAS_CHILDREN`): the children would lose their parent. */
export async function refuseRemovingParent(tx: Queryable, reg: RegisteredEntity, id: string): Promise<void> {
  const tree = reg.entity.tree;
  if (!tree) return;
  const { rows } = await tx.query('select 1 from records where entity = $1 and doc ->> $2 = $3 limit 1', [reg.name, tree.parent, id]);
  if (rows.length) throw new ApiError(409, 'TREE_HAS_CHILDREN');
}

/**
 * A record picked in another record's `x-refuseDelete` field (a TRF sample's material) is not
 * deleted while any record holds it: 409 `RECORD_BOUND` with the field's declared message.
 */
export async function refuseRemovingBound(tx: Queryable, registry: EntityRegistry | undefined, id: string, lang: Language): Promise<void> {
  if (!registry) return;
  for (const field of boundFields(registry)) {
    if (!field.message) continue;
    const { rows } = await tx.query('select 1 from records where entity = $1 and doc @> $2::jsonb limit 1', [field.entity, JSON.stringify(field.contains(id))]);
    if (rows.length) throw new ApiError(409, 'RECORD_BOUND', { message: text(field.message, lang) });
  }
}

/** Whether a field of this lookup source may hold a record of `reg`: an entity's records (`entity:<name>`), or a template's (`materials`, `products`). */
function mayHold(registry: EntityRegistry, source: string | undefined, reg: RegisteredEntity): boolean {
  if (!source) return true;
  if (source.startsWith(RECORD_SOURCE_PREFIX)) return source.slice(RECORD_SOURCE_PREFIX.length) === reg.name;
  return source in KIND_SOURCES ? registry.isDynamic(reg.name) : true;
}

/**
 * A record picked in another record's `x-refuseChange` field is not changed while a holder out of
 * its draft states holds it (a submitted TRF's sample material: the lab tests what it describes):
 * 409 `RECORD_BOUND` with the field's declared message. A draft holder reads the record as it is.
 */
export async function refuseChangingBound(tx: Queryable, registry: EntityRegistry | undefined, reg: RegisteredEntity, id: string, lang: Language): Promise<void> {
  if (!registry) return;
  for (const field of boundFields(registry)) {
    if (!field.changeMessage || !mayHold(registry, field.source, reg)) continue;
    const { rows } = await tx.query('select 1 from records where entity = $1 and doc @> $2::jsonb and not (state = any($3::text[])) limit 1', [
      field.entity,
      JSON.stringify(field.contains(id)),
      draftStates(registry.get(field.entity)),
    ]);
    if (rows.length) throw new ApiError(409, 'RECORD_BOUND', { message: text(field.changeMessage, lang) });
  }
}
