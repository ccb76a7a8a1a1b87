/** The storage contract: PostgreSQL dialect, on PGlite (embedded) or a PostgreSQL server. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The connections it may open (PGlite: its one); reported as a metric (server/observe/measured-db.ts). */
  readonly poolSize?: number;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /** Everything inside commits together or not at all. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs work on one connection held for its length (session-level locks are taken and released on it). */
  session<T>(work: (conn: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel (PostgreSQL's LISTEN/NOTIFY: what `pg_notify(channel, payload)` sends in a
   * committed transaction reaches every process listening, this one included). Resolves when
   * listening; the returned function stops. PGlite delivers within its one process.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PGlite: how many transactions writing `records`, `companies` or a user's name have committed
   * since it started counting, counted as each commits, before its caller goes on: exact, as this
   * process alone opens the database (server/db/record-writes.ts). Undefined until it counts, and
   * on PostgreSQL, where other processes write too (a snapshot is checked there instead).
   */
  committedWrites?(): number | undefined;
  /**
   * PGlite on a folder: copies its data folder to `target` (which must not exist) while no query
   * or transaction runs, after a checkpoint: a crash-consistent image PGlite opens as it would
   * after a power cut (server/backup/backup.ts). Undefined on PostgreSQL and in memory.
   */
  copyDataDir?(target: string): Promise<void>;
}

/** A database's count of committed writes (Database.committedWrites), if it keeps one: a transaction's Queryable keeps none. */
export const committedWrites = (db: Queryable): number | undefined => (db as Partial<Database>).committedWrites?.();

/** Opens the database the environment names: DATABASE_URL (PostgreSQL) or PGlite under dataDir. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl, opts.poolSize);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir);
}
