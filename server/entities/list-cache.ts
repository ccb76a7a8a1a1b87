import { committedWrites, type Database, type Queryable } from '../db/database.ts';
import { startIntervalWorker } from '../db/claim-loop.ts';
import { PRUNE_RECORD_WRITES_SQL, RECORD_WRITES_STALE_SQL } from '../db/record-writes.ts';

/** A list longer than this is not kept: it is read page by page (records-repo.ts's own query). */
const MAX_IDS = 10_000;
/** The ids one process keeps in all, over every list (the least recently used go first). */
const MAX_HELD = 200_000;
/** The rows of pages one process keeps in all (a TRF is a few KB): the least recently used lists' go first. */
const MAX_ROWS = 5_000;

/**
 * A list's ids in order with the snapshot they were read in (on PGlite: the count of committed
 * writes before they were read, Database.committedWrites), and the rows of its pages read since (by
 * id: exact while the snapshot is, as no write of theirs has committed since); or `large`: too long
 * to keep.
 */
type Entry = { ids: string[]; snapshot: string; writes?: number; rows: Map<string, unknown> } | 'large';

/** The kept lists of one database (a process may open several: tests do). */
class Kept {
  private entries = new Map<string, Entry>();
  private held = 0;
  private heldRows = 0;

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

  /** Keeps rows read for a page of a list still kept (one dropped meanwhile keeps nothing). */
  addRows(key: string, entry: Exclude<Entry, 'large'>, rows: readonly { id: string }[]): void {
    if (this.entries.get(key) !== entry) return;
    for (const row of rows) {
      if (!entry.rows.has(row.id)) this.heldRows++;
      entry.rows.set(row.id, row);
    }
    // Over the budget, the least recently used other lists forget their rows (their ids stay); this
    // list keeps the page just read, so one list may hold up to its MAX_IDS rows past the budget.
    for (const other of this.entries.values()) {
      if (this.heldRows <= MAX_ROWS) break;
      if (other === 'large' || other === entry) continue;
      this.heldRows -= other.rows.size;
      other.rows.clear();
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry === 'large' ? 1 : entry.ids.length + 1;
    if (entry !== 'large') this.heldRows -= entry.rows.size;
  }
}

const kept = new WeakMap<Queryable, Kept>();

/**
 * A page of a list (`idsSql`: `select r.id from records r where … order by …`, with `params`) and
 * the list's total. The list's ids are kept per process with the snapshot they were read in, and
 * so are the rows of the pages read since, so that a page is one index probe: is the list stale?
 * (no write of `records`, `companies` or a user's name committed since its snapshot:
 * server/db/record-writes.ts). Else the ids are read again; rows not yet kept are read by
 * `readRows` (in any order; a row deleted since is left out). The rows are shared by every request
 * of the list: callers must not change them. Undefined: the list is longer than MAX_IDS (the caller
 * reads its page as before). On PGlite a page kept is read without a query (Database.committedWrites).
 */
export async function listedPage<T extends { id: string }>(
  db: Queryable,
  idsSql: string,
  params: readonly unknown[],
  range: { offset: number; limit: number },
  readRows: (ids: string[]) => Promise<T[]>,
): Promise<{ rows: T[]; total: number } | undefined> {
  let lists = kept.get(db);
  if (!lists) kept.set(db, (lists = new Kept()));
  const key = `${idsSql}\u0000${JSON.stringify(params)}`;
  const entry = await keptEntry(db, lists, key, idsSql, params);
  if (!entry) return undefined;
  const ids = entry.ids.slice(range.offset, range.offset + range.limit);
  const missing = ids.filter((id) => !entry.rows.has(id));
  if (missing.length) lists.addRows(key, entry, await readRows(missing));
  return { rows: ids.flatMap((id) => (entry.rows.get(id) as T | undefined) ?? []), total: entry.ids.length };
}

/** The list's kept entry, still exact (read again if stale or unknown); undefined for a list too long to keep. */
async function keptEntry(db: Queryable, lists: Kept, key: string, idsSql: string, params: readonly unknown[]): Promise<Exclude<Entry, 'large'> | undefined> {
  const entry = lists.get(key);
  if (entry === 'large') return undefined;
  // On PGlite the count of committed writes says it without a query (and is read before the ids are).
  const writes = committedWrites(db);
  if (entry) {
    const exact = writes !== undefined ? entry.writes === writes : (await db.query<{ stale: boolean }>(RECORD_WRITES_STALE_SQL, [entry.snapshot])).rows[0]?.stale === false;
    if (exact) return entry;
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
  const fresh = { ids: read.ids, snapshot: read.snapshot, ...(writes !== undefined ? { writes } : {}), rows: new Map<string, unknown>() };
  lists.set(key, fresh);
  return fresh;
}

/** How often the transaction ids every snapshot sees are pruned (record-writes.ts). */
const PRUNE_EVERY_MS = 60_000;

/** Prunes `record_writes` now and then; the returned function stops and waits for a prune in progress. */
export function startRecordWritesPruner(db: Database, everyMs = PRUNE_EVERY_MS): () => Promise<void> {
  return startIntervalWorker('record writes pruner', () => db.exec(PRUNE_RECORD_WRITES_SQL), everyMs);
}
