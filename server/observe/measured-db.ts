import type { Database, Queryable } from '../db/database.ts';
import type { AppMetrics } from './metrics.ts';

/** Which database a series is of: the primary, or the read replica lists are read from. */
export type DatabaseRole = 'primary' | 'replica';

/**
 * The database with every statement, transaction and session timed into the app's metrics, and
 * the connections held (a transaction or a session holds one; PGlite has one in all) and
 * statements in flight counted: what the layer allows of the pool's use, as neither postgres.js
 * nor PGlite reports its connections.
 */
export function measuredDatabase(db: Database, metrics: AppMetrics, role: DatabaseRole): Database {
  const labels = { database: role };
  metrics.dbPoolSize.set(labels, db.poolSize ?? 1);
  const timed = async <T>(operation: 'query' | 'transaction' | 'session', work: () => Promise<T>): Promise<T> => {
    const end = metrics.dbQueryDuration.startTimer({ ...labels, operation });
    const gauge = operation === 'query' ? metrics.dbInFlight : metrics.dbHeld;
    gauge.inc(labels);
    try {
      return await work();
    } finally {
      gauge.dec(labels);
      end();
    }
  };
  const measured = (q: Queryable): Queryable => ({ query: <T,>(sql: string, params?: readonly unknown[]) => timed('query', () => q.query<T>(sql, params)) });
  return {
    kind: db.kind,
    poolSize: db.poolSize,
    ...measured(db),
    exec: (sql) => timed('query', () => db.exec(sql)),
    transaction: (work) => timed('transaction', () => db.transaction((tx) => work(measured(tx)))),
    session: (work) => timed('session', () => db.session((conn) => work(measured(conn)))),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
    ...(db.committedWrites ? { committedWrites: () => db.committedWrites!() } : {}),
  };
}
