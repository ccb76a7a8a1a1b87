import type { DeclaredEffect } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';
import { currentRequestId } from '../observe/request-context.ts';

/** An effects row (migration 008): what to do, for which machine and subject, and how far it got. */
export interface EffectRow {
  id: number;
  kind: string;
  machine: string;
  subject: string;
  subjectId: string;
  params: Record<string, unknown>;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** The request whose transition wrote it (server/observe/request-context.ts); null from a worker without one. */
  requestId: string | null;
}

type Raw = {
  id: number;
  kind: string;
  machine: string;
  subject: string;
  subject_id: string;
  params: Record<string, unknown>;
  status: EffectRow['status'];
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  request_id: string | null;
};

const COLUMNS = 'id::int as id, kind, machine, subject, subject_id, params, status, attempts, last_error, created_at, request_id';
const rowOf = (r: Raw): EffectRow => ({
  id: r.id,
  kind: r.kind,
  machine: r.machine,
  subject: r.subject,
  subjectId: r.subject_id,
  params: r.params,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: isoTime(r.created_at),
  requestId: r.request_id,
});

/** Writes a transition's effects in the transaction that makes the transition: they exist exactly when it committed. */
export async function queueEffects(tx: Queryable, machine: string, subject: { kind: string; id: string }, effects: readonly DeclaredEffect[]): Promise<void> {
  for (const e of effects) {
    await tx.query('insert into effects (kind, machine, subject, subject_id, params, request_id) values ($1, $2, $3, $4, $5::jsonb, $6)', [
      e.kind,
      machine,
      subject.kind,
      subject.id,
      JSON.stringify(e.params),
      currentRequestId(),
    ]);
  }
}

/**
 * Claims the oldest due effect: the row stays locked until the caller's transaction ends and
 * rows other workers hold are skipped, so two workers never run the same effect at once.
 */
export async function claimDueEffect(tx: Queryable): Promise<EffectRow | undefined> {
  const { rows } = await tx.query<Raw>(
    `select ${COLUMNS} from effects where status = 'pending' and next_attempt_at <= now() order by id limit 1 for update skip locked`,
  );
  return rows[0] && rowOf(rows[0]);
}

/** Leases a claimed effect to its worker for `seconds` (it is not due meanwhile); committed before an outside call. */
export async function leaseEffect(tx: Queryable, id: number, seconds: number): Promise<void> {
  await tx.query('update effects set next_attempt_at = now() + make_interval(secs => $2::int) where id = $1', [id, seconds]);
}

/** Locks a leased effect again to write its outcome; false when it is no longer pending. */
export async function relockLeased(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query("select 1 from effects where id = $1 and status = 'pending' for update", [id]);
  return rows.length > 0;
}

export async function markDone(tx: Queryable, id: number): Promise<void> {
  await tx.query("update effects set status = 'done', attempts = attempts + 1, done_at = now(), last_error = null where id = $1", [id]);
}

/** Counts a failed attempt: due again after `retryInSeconds`, or failed for good when there is none left (null). */
export async function markFailedAttempt(db: Queryable, id: number, error: string, retryInSeconds: number | null): Promise<void> {
  await db.query(
    `update effects set attempts = attempts + 1, last_error = $2, status = case when $3::int is null then 'failed' else 'pending' end,
       next_attempt_at = now() + make_interval(secs => coalesce($3::int, 0)) where id = $1 and status = 'pending'`,
    [id, error.slice(0, 500), retryInSeconds],
  );
}

/**
 * Hands an effect on to a later attempt, in the claiming transaction (a handler that logs each
 * failed attempt: the e-filing's exchanges): the effect is done and a copy with `params` is due
 * after `delaySeconds`.
 */
export async function requeueEffect(tx: Queryable, effect: EffectRow, params: Record<string, unknown>, delaySeconds: number): Promise<void> {
  await tx.query(
    `insert into effects (kind, machine, subject, subject_id, params, next_attempt_at, request_id) values ($1, $2, $3, $4, $5::jsonb, now() + make_interval(secs => $6::int), $7)`,
    [effect.kind, effect.machine, effect.subject, effect.subjectId, JSON.stringify(params), delaySeconds, effect.requestId],
  );
}

/** A subject's effects, oldest first (tests and staff reading what a transition caused). */
export async function listEffects(db: Queryable, subject: string, subjectId: string): Promise<EffectRow[]> {
  const { rows } = await db.query<Raw>(`select ${COLUMNS} from effects where subject = $1 and subject_id = $2 order by id`, [subject, subjectId]);
  return rows.map(rowOf);
}
