import { valueAt, type EntityRegistry, type RegisteredEntity, type SpawnDeclaration } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';

type Doc = Record<string, unknown>;

/** Makes one record of `target` in the caller's transaction, as the writing user; answers its id. */
export type SpawnRecord = (tx: Queryable, target: RegisteredEntity, doc: Doc) => Promise<string>;
/** Writes a spawned record again through its linked data, in the caller's transaction, as the writing user. */
export type RefreshRecord = (tx: Queryable, target: RegisteredEntity, id: string) => Promise<void>;

const filled = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** Sets a dotted path (`payer.companyId`), making the objects on the way. */
function setAt(doc: Doc, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = doc;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    const inner: Doc = typeof next === 'object' && next !== null && !Array.isArray(next) ? (next as Doc) : {};
    at = at[key] = inner;
  }
  at[keys[keys.length - 1]!] = value;
}

function holds(spawn: SpawnDeclaration, doc: Doc): boolean {
  if (!spawn.when) return true;
  const value = valueAt(doc, spawn.when.field);
  if (spawn.when.above !== undefined) return typeof value === 'number' && value > spawn.when.above;
  return value === spawn.when.equals;
}

/** The new record's document: `link`, then `fill` (this document), `payload` (the event's), `set` and `today`. */
function spawnedDoc(spawn: SpawnDeclaration, id: string, doc: Doc, payload: Doc): Doc {
  const made: Doc = { [spawn.link]: id };
  for (const [to, from] of Object.entries(spawn.fill ?? {})) {
    // A list of paths: the first holding a value (the payer, else the applicant).
    const value = (typeof from === 'string' ? [from] : from).map((path) => valueAt(doc, path)).find(filled);
    if (value !== undefined) setAt(made, to, value);
  }
  for (const [to, from] of Object.entries(spawn.payload ?? {})) if (filled(valueAt(payload, from))) setAt(made, to, valueAt(payload, from));
  for (const [to, value] of Object.entries(spawn.set ?? {})) setAt(made, to, value);
  const today = new Date().toISOString().slice(0, 10);
  for (const to of spawn.today ?? []) setAt(made, to, today);
  return made;
}

/**
 * An entity's `spawns` (docs/declarations.md §3): after a user's write of this record (`$create`,
 * `$update` or an event the spawn names in `on`) leaving `when` true, a record of the spawn's
 * entity is made from it — unless one already names this record by `link` (a spawn declared
 * `every` makes one each time) — with `link` set to this record's id and the `fill`, `payload`,
 * `set` and `today` fields written, in the same transaction. The target's own create path applies
 * (its checks, numbering, computed fields, relays and linked data: an e-filing certificate fills
 * itself from its TRF's mapping and report; a quotation made from a TRF's Send quotation moves
 * that TRF's quotation region). After an event the spawn names in `refreshOn`, the records it made
 * are written again through their linked data (`refresh`).
 */
export async function runSpawns(
  tx: Queryable,
  registry: EntityRegistry | undefined,
  reg: RegisteredEntity,
  id: string,
  doc: Doc,
  event: string,
  make: SpawnRecord,
  refresh?: RefreshRecord,
  payload: Doc = {},
): Promise<void> {
  for (const spawn of reg.entity.spawns ?? []) {
    const refreshing = Boolean(refresh && spawn.refreshOn?.includes(event));
    if ((!spawn.on.includes(event) && !refreshing) || !holds(spawn, doc)) continue;
    if (!registry) throw new Error(`${reg.name}: spawns need the entity registry (new EntityService(db, linked, registry))`);
    const target = registry.get(spawn.entity);
    if (spawn.every) {
      if (spawn.on.includes(event)) await make(tx, target, spawnedDoc(spawn, id, doc, payload));
      continue;
    }
    const { rows } = await tx.query<{ id: string }>('select id from records where entity = $1 and parent_id = $2 order by created_at, id', [target.name, id]);
    if (refreshing) for (const row of rows) await refresh!(tx, target, row.id);
    if (rows.length || !spawn.on.includes(event)) continue;
    await make(tx, target, spawnedDoc(spawn, id, doc, payload));
  }
}
