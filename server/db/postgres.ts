import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable } from './database.ts';
import { PostgresListener } from './postgres-listener.ts';

// Counts and bigint ids come back as numbers; timestamps stay Date objects as in PGlite.
pg.types.setTypeParser(20, (v: string) => Number(v));

/** Connections per process unless configured (DATABASE_POOL_SIZE): PostgreSQL's 100 by default serve several processes. */
export const DEFAULT_POOL_SIZE = 20;

/** Distinct statements a process prepares by name; past it (SQL built with literals in it) statements go unnamed. */
const MAX_NAMED = 2000;

/**
 * A parameterized statement is prepared by name (a hash of its text) on each connection at its
 * first use and executed from then on without parsing or, once PostgreSQL settles on its generic
 * plan, planning: with the records table's many list indexes, planning was most of a key lookup
 * (2.4 ms unnamed, 0.4 ms named, measured with 176 indexes). Statements without parameters
 * (DDL, fixed reads) stay unnamed.
 */
function namedStatements(): (sql: string, params: readonly unknown[]) => pg.QueryConfig {
  const names = new Map<string, string>();
  return (text, params) => {
    const values = params as unknown[];
    if (!values.length) return { text, values };
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED) names.set(text, (name = `p${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
    return name ? { name, text, values } : { text, values };
  };
}

/** A PostgreSQL server through a pg connection pool (the scale-out path) of `poolSize` connections. */
export async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  await pool.query('select 1');
  const listener = new PostgresListener(url);
  const statement = namedStatements();
  const query: Queryable['query'] = async (sql, params = []) => {
    const res = await pool.query(statement(sql, params));
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
          query: async (sql, params = []) => ({ rows: (await client.query(statement(sql, params))).rows }),
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
        return await work({ query: async (sql, params = []) => ({ rows: (await client.query(statement(sql, params))).rows }) });
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
