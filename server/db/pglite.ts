import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { preparedQueries } from './pglite-prepared.ts';

/** PGlite: PostgreSQL in WebAssembly, file-backed under dataDir (in memory when none is given). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dataDir ? { dataDir } : {}));
}

/** A PGlite instance as the server's Database (prepared statements by name: pglite-prepared.ts). */
export function pgliteDatabase(pg: PGlite): Database {
  const prepared = preparedQueries(pg);
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
  };
}
