import pg from 'pg';
import type { Database, Queryable } from './database.ts';
import { PostgresListener } from './postgres-listener.ts';

// Counts and bigint ids come back as numbers; timestamps stay Date objects as in PGlite.
pg.types.setTypeParser(20, (v: string) => Number(v));

/** Connections per process unless configured (DATABASE_POOL_SIZE): PostgreSQL's 100 by default serve several processes. */
export const DEFAULT_POOL_SIZE = 20;

/** A PostgreSQL server through a pg connection pool (the scale-out path) of `poolSize` connections. */
export async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  await pool.query('select 1');
  const listener = new PostgresListener(url);
  const query: Queryable['query'] = async (sql, params = []) => {
    const res = await pool.query(sql, params as unknown[]);
    return { rows: res.rows };
  };
  return {
    kind: 'postgres',
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async (sql, params = []) => ({ rows: (await client.query(sql, params as unknown[])).rows }),
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    async session(work) {
      const client = await pool.connect();
      try {
        return await work({ query: async (sql, params = []) => ({ rows: (await client.query(sql, params as unknown[])).rows }) });
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
