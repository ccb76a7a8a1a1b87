import postgres from 'postgres';
import type { Database, Queryable } from './database.ts';
import { PostgresListener } from './postgres-listener.ts';
import { DependencyUnavailableError, isDatabaseConnectionError } from '../outage/unavailable.ts';

/**
 * Connections per process unless configured (DATABASE_POOL_SIZE). Queries of concurrent requests
 * are pipelined on each connection, so a few connections keep the database busy: on 2 shared
 * cores 4 served record reads fastest (6,000–7,950 req/s against 4,800–6,900 with 8 and about
 * 3,000 with 20, interleaved runs of 2026-12-04). A transaction holds a connection of its own.
 */
const DEFAULT_POOL_SIZE = 4;

/** Connections starting a process needs at once: the start lock's, the migration lock's and a migration's transaction. */
const MIN_POOL_SIZE = 3;

/** Distinct statements a process prepares on each connection; past it (SQL built with literals in it) statements go unprepared. */
const MAX_PREPARED = 2000;

/**
 * Seconds a connection may take to open before its queries fail (postgres.js waits 30 by default):
 * while the server cannot be reached, a request answers 503 within this, never hangs (a refused
 * connection fails at once). Not much less: the timer also runs while the event loop is blocked,
 * and a start-up busy for seconds on a loaded machine must not time its own connections out. The
 * listening connection keeps postgres.js's own timeout and backoff: with 5 s and the capped backoff
 * there, two-processes-flow's logout notification was lost on a loaded machine (2 runs of 2; the
 * listener was dropped once at start-up; not pinned down further). No request waits on it, and it
 * listens again on its own.
 */
const CONNECT_TIMEOUT_SECONDS = 10;

/**
 * The wait before a connection that failed is opened again: postgres.js's own grows to 20 s after
 * a few failures, and queries waiting for that connection would wait as long after the server is
 * back. Up to a second here, so a restarted server is used again within about a second.
 */
const reconnectDelaySeconds = (retries: number): number => Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2);

type Connection = postgres.Sql | postgres.TransactionSql | postgres.ReservedSql;

/**
 * A driver's error as the code reads it: a server that cannot be reached (refused, closed, timed
 * out, restarting) as the database's outage (server/outage/unavailable.ts: a 503), a server
 * error with pg's names of its fields (`constraint`, read by the unique-violation checks) beside
 * postgres.js's own.
 */
function asServerError(err: unknown): unknown {
  if (!(err instanceof DependencyUnavailableError) && isDatabaseConnectionError(err)) return new DependencyUnavailableError('database', err);
  if (err instanceof postgres.PostgresError) Object.assign(err, { constraint: err.constraint_name, table: err.table_name, column: err.column_name });
  return err;
}

/** Runs `work`, its driver errors as asServerError reads them. */
async function classified<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asServerError(err);
  }
}

/**
 * A value for a text parameter as pg sent it: dates in ISO 8601, objects as JSON (postgres.js
 * would write `[object Object]`), anything else as its string.
 */
const textValue = (x: unknown): string => (x instanceof Date ? x.toISOString() : typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x));

/**
 * `postgres://user@/db?host=/var/run/postgresql` names a Unix socket's folder as libpq and pg read
 * it; postgres.js takes the folder as an option and needs a host in the URL itself.
 */
export function socketOf(url: string): { url: string; host?: string } {
  const query = url.indexOf('?');
  const params = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  const host = params.get('host');
  if (!host) return { url };
  params.delete('host');
  const base = url.slice(0, query).replace(/^([a-z]+:\/\/(?:[^@/]*@)?)(?=\/|$)/i, '$1localhost');
  return { url: params.size ? `${base}?${params}` : base, host };
}

/**
 * A PostgreSQL server through postgres.js (the scale-out path), `poolSize` connections.
 *
 * Why postgres.js and not pg: it pipelines the queries of concurrent requests on each connection
 * (pg sends a connection's next query only after the last answer), so a database backend rarely
 * sleeps between queries and the loopback write that wakes it, the largest single cost of a record
 * read in pg's profile, is paid far less often; its protocol code is leaner too. Record GET at 50
 * connections went from about 4,100 req/s, p99 21–25 ms (pg, 20 connections) to 6,000–7,950
 * req/s, p99 15–18 ms (issue 22). The price: a query pipelined behind a slow one on the same
 * connection waits for it (a connection is picked in turn, not by how busy it is).
 *
 * Each parameterized statement is prepared on each connection at its first use and executed from
 * then on without parsing or, once PostgreSQL settles on its generic plan, planning: with the
 * records table's many list indexes, planning was most of a key lookup (2.4 ms unprepared,
 * 0.4 ms prepared, measured with 176 indexes). Statements without parameters (DDL, fixed reads,
 * several statements in one text) go by the simple protocol.
 */
export async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Database> {
  const target = socketOf(url);
  const max = Math.max(MIN_POOL_SIZE, poolSize);
  const sql = postgres(target.url, {
    max,
    ...(target.host ? { host: target.host } : {}),
    onnotice: () => undefined,
    // pg's conventions, which the code was written to: undefined is null, counts are numbers, a string is JSON already.
    transform: { undefined: null },
    types: {
      bigint: { to: 20, from: [20], serialize: (x: unknown) => String(x), parse: (x: string) => Number(x) },
      json: { to: 114, from: [114, 3802], serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)), parse: (x: string) => JSON.parse(x) as unknown },
      text: { to: 25, from: [25, 1043], serialize: textValue, parse: (x: string) => x },
    },
    connection: { application_name: 'portico' },
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelaySeconds,
  });
  await sql`select 1`;
  const listener = new PostgresListener((onnotify, onclose) =>
    postgres(target.url, {
      ...(target.host ? { host: target.host } : {}),
      max: 1,
      max_lifetime: null,
      fetch_types: false,
      onnotice: () => undefined,
      onclose,
      connection: { application_name: 'portico-listen' },
      // The option postgres.js's own `sql.listen` gives its connection (src/index.js), not in its types.
      ...({ onnotify } as object),
    }),
  );
  const prepared = new Set<string>();
  /** Whether to prepare this parameterized statement: it was before, or there is room for one more. */
  const preparing = (text: string) => prepared.has(text) || (prepared.size < MAX_PREPARED && Boolean(prepared.add(text)));
  const run = async <T>(conn: Connection, text: string, params: readonly unknown[]): Promise<{ rows: T[] }> => {
    const rows = await classified(() => conn.unsafe(text, params as postgres.ParameterOrJSON<never>[], params.length ? { prepare: preparing(text) } : undefined));
    return { rows: rows as unknown as T[] };
  };
  const over = (conn: Connection): Queryable => ({ query: (text, params = []) => run(conn, text, params) });
  return {
    kind: 'postgres',
    poolSize: max,
    query: (text, params = []) => run(sql, text, params),
    async exec(text) {
      await run(sql, text, []);
    },
    async transaction(work) {
      return (await classified(() => sql.begin((tx) => work(over(tx))))) as Awaited<ReturnType<typeof work>>;
    },
    async session(work) {
      const conn = await classified(() => sql.reserve());
      try {
        return await work(over(conn));
      } finally {
        conn.release();
      }
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async close() {
      await listener.close();
      await sql.end();
    },
  };
}
