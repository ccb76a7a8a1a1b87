import { valueAt, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';

type Doc = Record<string, unknown>;

/** Makes one record of `target` in the caller's transaction, as the writing user; answers its id. */
export type SpawnRecord = (tx: Queryable, target: RegisteredEntity, doc: Doc) => Promise<string>;
/** Writes a spawned record again through its linked data, in the caller's transaction, as the writing user. */
export type RefreshRecord = (tx: Queryable, target: RegisteredEntity, id: string) => Promise<void>;

/**
 * An entity's `spawns` (docs/declarations.md §3): after a user's write of this record (`$create`,
 * `$update` or an event the spawn names in `on`) leaving `when` true, a record of the spawn's
 * entity is made from it — unless one already names this record by `link` — with `link` set to
 * this record's id and the `fill` fields copied, in the same transaction. The target's own
 * create path applies (its checks, numbering and linked data: an e-filing certificate fills
 * itself from its TRF's mapping and report). After an event the spawn names in `refreshOn`, the
 * records it made are written again through their linked data (`refresh`).
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
): Promise<void> {
  for (const spawn of reg.entity.spawns ?? []) {
    const refreshing = Boolean(refresh && spawn.refreshOn?.includes(event));
    if ((!spawn.on.includes(event) && !refreshing) || valueAt(doc, spawn.when.field) !== spawn.when.equals) continue;
    if (!registry) throw new Error(`${reg.name}: spawns need the entity registry (new EntityService(db, linked, registry))`);
    const target = registry.get(spawn.entity);
    const { rows } = await tx.query<{ id: string }>('select id from records where entity = $1 and parent_id = $2 order by created_at, id', [target.name, id]);
    if (refreshing) for (const row of rows) await refresh!(tx, target, row.id);
    if (rows.length || !spawn.on.includes(event)) continue;
    const made: Doc = { [spawn.link]: id };
    for (const [to, from] of Object.entries(spawn.fill ?? {})) {
      const value = valueAt(doc, from);
      if (value !== undefined && value !== null && value !== '') made[to] = value;
    }
    await make(tx, target, made);
  }
}
