import { mkdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { preparedQueries } from './pglite-prepared.ts';
import { NOTIFY_WRITES_SETTING, RECORD_WRITES_CHANNEL, RECORD_WRITES_NOTIFY_INSTALLED_SQL } from './record-writes.ts';

/** PGlite: PostgreSQL in WebAssembly, file-backed under dataDir (in memory when none is given). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (!dataDir) return pgliteDatabase(await PGlite.create({}));
  mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir });
  return { ...pgliteDatabase(pg), copyDataDir: (target) => copyDataDir(pg, dataDir, target) };
}

/**
 * Copies PGlite's data folder holding both its locks (the transaction lock every query and
 * transaction takes, and the query lock dumpDataDir takes): nothing writes meanwhile, and what
 * committed is in the WAL on disk. Unlike dumpDataDir, which builds the whole tarball in memory,
 * the copy streams file by file; the checkpoint before it spares the restored copy a long replay.
 */
async function copyDataDir(pg: PGlite, dataDir: string, target: string): Promise<void> {
  await pg.exec('checkpoint');
  await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => cp(dataDir, target, { recursive: true, errorOnExist: true, force: false })));
}

/** A PGlite instance as the server's Database (prepared statements by name: pglite-prepared.ts). */
export function pgliteDatabase(pg: PGlite): Database {
  const prepared = preparedQueries(pg);
  const writes = countCommittedWrites(pg);
  const wrap = (q: { query: PGlite['query'] }, inTransaction: boolean): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const named = await prepared<T>(sql, params, inTransaction);
      if (named) return named;
      const res = await q.query<T>(sql, params as unknown[]);
      return { rows: res.rows };
    },
  });
  return {
    kind: 'pglite',
    poolSize: 1,
    ...wrap(pg, false),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (work) => pg.transaction((tx) => work(wrap(tx, true))),
    // PGlite has one connection: the session is the database itself.
    session: (work) => work(wrap(pg, false)),
    async listen(channel, onPayload) {
      const stop = await pg.listen(channel, onPayload);
      return () => stop();
    },
    close: () => pg.close(),
    committedWrites: writes,
  };
}

/**
 * Counts the committed writes of records (Database.committedWrites): this connection asks the
 * trigger function to notify (record-writes.ts), and PGlite calls the listener while it reads the
 * commit's answer, before the writer's own call returns. The count is trusted once listening and
 * once the function notifies: at once on a migrated database, else when migration 045 commits.
 */
function countCommittedWrites(pg: PGlite): () => number | undefined {
  let count = 0;
  let counting = false;
  void (async () => {
    await pg.exec(`set ${NOTIFY_WRITES_SETTING} = 'on'`);
    await pg.listen(RECORD_WRITES_CHANNEL, (payload) => {
      count += 1;
      if (payload === 'installed') counting = true;
    });
    const { rows } = await pg.query<{ installed: boolean }>(RECORD_WRITES_NOTIFY_INSTALLED_SQL);
    if (rows[0]?.installed) counting = true;
  })().catch(() => undefined);
  return () => (counting ? count : undefined);
}
