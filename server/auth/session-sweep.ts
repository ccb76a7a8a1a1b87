import type { Database, Queryable } from '../db/database.ts';
import { startIntervalWorker } from '../db/claim-loop.ts';

/** Rows deleted per statement, so that a first sweep of a large table holds no long transaction. */
const BATCH = 5000;

/**
 * The rows of sessions that ended (expired or logged out) more than a day before `now`, except
 * each user's latest: account reclaim reads a user's last login from it (reclaim.ts). A token of
 * a deleted row is refused as an expired one is: no session. Returns how many rows went.
 */
export async function sweepEndedSessions(db: Queryable, now = new Date()): Promise<number> {
  let swept = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `with gone as (
         delete from sessions where token_hash in (
           select s.token_hash from sessions s
           where (s.expires_at < $1::timestamptz - interval '1 day' or s.revoked_at < $1::timestamptz - interval '1 day')
             and exists (select 1 from sessions n where n.user_id = s.user_id and n.created_at > s.created_at)
           limit $2)
         returning 1)
       select count(*)::int as n from gone`,
      [now.toISOString(), BATCH],
    );
    swept += rows[0]!.n;
    if (rows[0]!.n < BATCH) return swept;
  }
}

/** Runs the sweep every `intervalMs` (hourly by default); the returned function stops it. */
export function startSessionSweeper(db: Database, intervalMs = 3_600_000): () => Promise<void> {
  return startIntervalWorker('session sweep', () => sweepEndedSessions(db), intervalMs);
}
