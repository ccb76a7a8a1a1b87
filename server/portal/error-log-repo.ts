import type { Queryable } from '../db/database.ts';

/** How much of the client error log is kept (docs/deployment.md, "Client error logs"). */
export interface ErrorLogLimits {
  /** Rows kept at most (a repeated entry is one row with its count); past it the rows seen longest ago go. */
  maxRows: number;
  /** Bytes kept at most (the `bytes` of the rows: their texts and info); past it the rows seen longest ago go. */
  maxBytes: number;
  /**
   * The table is trimmed once in this many entries received, by whichever request draws the entry
   * numbered a multiple of it from the table's id sequence (so across processes too): between two
   * trims at most this many rows are added, the most the table grows past its caps.
   */
  trimEvery: number;
  /** Rows one trim deletes at most (bounded work per request; a table far past its caps shrinks by this much per trim). */
  trimBatch: number;
  /** Bytes of entries (as JSON) one client address may send a minute; past them 429 (ERROR_LOG_BUDGET). */
  bytesPerMinute: number;
}

export const ERROR_LOG_LIMITS: ErrorLogLimits = {
  maxRows: 10_000,
  maxBytes: 20 * 1024 * 1024,
  trimEvery: 100,
  trimBatch: 1_000,
  bytesPerMinute: 64 * 1024,
};

/** The caps and budget an operator sets (ERROR_LOG_MAX_ROWS, ERROR_LOG_MAX_BYTES, ERROR_LOG_BYTES_PER_MINUTE); the defaults for the others. */
export function errorLogLimitsOf(env: Record<string, string | undefined>): Partial<ErrorLogLimits> {
  const positive = (name: string) => {
    const n = Number(env[name]);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const set = { maxRows: positive('ERROR_LOG_MAX_ROWS'), maxBytes: positive('ERROR_LOG_MAX_BYTES'), bytesPerMinute: positive('ERROR_LOG_BYTES_PER_MINUTE') };
  return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
}

/**
 * Keeps a batch of client error entries (SPEC §3), each field as sent, with the user when the client
 * had a session: one statement, so concurrent batches aggregate safely. Entries with the fingerprint
 * of a kept row (migration 046) add to its count and move its last-seen time; repeats within the
 * batch are counted together, each with the repeats its client counted (`count`). Answers whether
 * this batch should trim the table (trimErrorLogs).
 */
export async function insertErrorLogs(db: Queryable, userId: string | null, entries: readonly Record<string, unknown>[], trimEvery = ERROR_LOG_LIMITS.trimEvery): Promise<boolean> {
  const { rows } = await db.query<{ trims: number }>(
    `with sent as (
       select nextval('error_logs_id_seq') as seq, e.*, error_log_fingerprint(e.type, e.message, e.stack, e.url) as fp
       from jsonb_to_recordset($2::jsonb) as e(url text, "time" text, type text, message text, stack text, info jsonb, count integer)
     ), kept as (
       -- Runs whether or not read (a data-modifying CTE).
       insert into error_logs (id, user_id, url, time, type, message, stack, info, count)
       select distinct on (fp) seq, $1, url, "time", type, message, stack, info, sum(coalesce(count, 1)) over (partition by fp)
       from sent order by fp, seq
       on conflict (fingerprint) do update set
         count = least(error_logs.count::bigint + excluded.count, 2147483647)::integer,
         last_seen = now()
       returning 1
     )
     select count(*)::int as trims from sent where seq % $3 = 0`,
    [userId, JSON.stringify(entries), trimEvery],
  );
  return (rows[0]?.trims ?? 0) > 0;
}

/**
 * Drops the rows seen longest ago past the caps: finds the newest row beyond them (walking the
 * last-seen index newest first, at most `maxRows + 1` rows: the row cap's first row past it is
 * there, and so is the byte cap's when it comes first), then deletes up to `trimBatch` rows from
 * the oldest up to it. It never waits on a row another request holds (a repeat being counted,
 * another trim's): it skips it, so it cannot deadlock with them. Inserts lock their rows in
 * fingerprint order, so they cannot deadlock with each other either.
 */
export async function trimErrorLogs(db: Queryable, limits: Pick<ErrorLogLimits, 'maxRows' | 'maxBytes' | 'trimBatch'>): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with cut as (
       select last_seen, id from (
         select id, last_seen, row_number() over w as n, sum(bytes) over w as upto
         from (select id, last_seen, bytes from error_logs order by last_seen desc, id desc limit $1::int + 1) newest
         window w as (order by last_seen desc, id desc)
       ) t
       where n > $1 or upto > $2
       order by last_seen desc, id desc limit 1
     ), gone as (
       delete from error_logs where id in (
         select e.id from error_logs e, cut where (e.last_seen, e.id) <= (cut.last_seen, cut.id)
         order by e.last_seen, e.id limit $3 for update of e skip locked)
       returning 1
     )
     select count(*)::int as n from gone`,
    [limits.maxRows, limits.maxBytes, limits.trimBatch],
  );
  return rows[0]?.n ?? 0;
}
