import type { PendingTimer } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { currentRequestId } from '../observe/request-context.ts';

/** A record's pending timers (read inside the transaction that holds its row). */
export async function getTimers(db: Queryable, id: string): Promise<PendingTimer[]> {
  const { rows } = await db.query<{ timers: PendingTimer[] }>('select timers from records where id = $1', [id]);
  return rows[0]?.timers ?? [];
}

/**
 * Stores a record's pending timers and the earliest due time, which the worker's claim reads, with
 * the request id of the work setting them (server/observe/request-context.ts): the firing logs it.
 */
export async function setTimers(db: Queryable, id: string, timers: readonly PendingTimer[]): Promise<void> {
  const due = timers.reduce<string | null>((min, t) => (min === null || t.due < min ? t.due : min), null);
  await db.query('update records set timers = $2::jsonb, timer_due_at = $3::timestamptz, timer_request_id = $4 where id = $1', [
    id,
    JSON.stringify(timers),
    due,
    due === null ? null : currentRequestId(),
  ]);
}

/** A record whose earliest timer is due, claimed; `requestId`: of the work that set its timers. */
export interface DueRecord {
  id: string;
  entity: string;
  timers: PendingTimer[];
  requestId: string | null;
}

/**
 * Claims one record whose earliest timer is due: the row stays locked until the caller's
 * transaction ends, and rows other workers hold are skipped, so each timer fires once.
 */
export async function claimDueRecord(db: Queryable): Promise<DueRecord | undefined> {
  const { rows } = await db.query<DueRecord>(
    `select id, entity, timers, timer_request_id as "requestId" from records where timer_due_at <= now() order by timer_due_at limit 1 for update skip locked`,
  );
  return rows[0];
}

/** Puts a record's timers back by `seconds` after a firing that failed, so one bad record cannot hold the queue. */
export async function postponeTimers(db: Queryable, id: string, seconds: number): Promise<void> {
  await db.query(`update records set timer_due_at = now() + make_interval(secs => $2) where id = $1`, [id, seconds]);
}
