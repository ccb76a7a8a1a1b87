import type { Database, Queryable } from '../db/database.ts';
import { startIntervalWorker } from '../db/claim-loop.ts';
import { PRUNE_RECORD_WRITES_SQL, RECORD_WRITES_STALE_SQL } from '../db/record-writes.ts';

/** A list longer than this is not kept: it is read page by page (records-repo.ts's own query). */
const MAX_IDS = 10_000;
/** The ids one process keeps in all, over every list (the least recently used go first). */
const MAX_HELD = 200_000;

/** A list's ids in order with the snapshot they were read in, or `large`: too long to keep. */
type Entry = { ids: string[]; snapshot: string } | 'large';

/** The kept lists of one database (a process may open several: tests do). */
class Kept {
  private entries = new Map<string, Entry>();
  private held = 0;

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Least recently used first: a read moves the entry to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.held += entry === 'large' ? 1 : entry.ids.length + 1;
    for (const [oldest] of this.entries) {
      if (this.held <= MAX_HELD) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry === 'large' ? 1 : entry.ids.length + 1;
  }
}

const kept = new WeakMap<Queryable, Kept>();

/**
 * The ids of a list in its order (`idsSql`: `select r.id from records r where … order by …`, with
 * `params`), kept per process so that a page is 20 rows read by id, not the whole list sorted and
 * counted. A kept list is used while no write of `records` committed since its snapshot
 * (server/db/record-writes.ts, one index probe), so its length is the list's exact total; otherwise
 * it is read again. Undefined: the list is longer than MAX_IDS (the caller reads its page as before).
 */
export async function listedIds(db: Queryable, idsSql: string, params: readonly unknown[]): Promise<string[] | undefined> {
  let lists = kept.get(db);
  if (!lists) kept.set(db, (lists = new Kept()));
  const key = `${idsSql}\u0000${JSON.stringify(params)}`;
  const entry = lists.get(key);
  if (entry === 'large') return undefined;
  if (entry) {
    const { rows } = await db.query<{ stale: boolean }>(RECORD_WRITES_STALE_SQL, [entry.snapshot]);
    if (rows[0]?.stale === false) return entry.ids;
    lists.delete(key);
  }
  // The snapshot of the very statement that reads the ids.
  const { rows } = await db.query<{ snapshot: string; ids: string[] }>(
    `select pg_current_snapshot()::text as snapshot, array(${idsSql} limit ${MAX_IDS + 1}) as ids`,
    params,
  );
  const read = rows[0]!;
  if (read.ids.length > MAX_IDS) {
    lists.set(key, 'large');
    return undefined;
  }
  lists.set(key, { ids: read.ids, snapshot: read.snapshot });
  return read.ids;
}

/** How often the transaction ids every snapshot sees are pruned (record-writes.ts). */
const PRUNE_EVERY_MS = 60_000;

/** Prunes `record_writes` now and then; the returned function stops and waits for a prune in progress. */
export function startRecordWritesPruner(db: Database, everyMs = PRUNE_EVERY_MS): () => Promise<void> {
  return startIntervalWorker('record writes pruner', () => db.exec(PRUNE_RECORD_WRITES_SQL), everyMs);
}
