import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { AdminAction, AdminViewName } from './admin-views.ts';

/** An action's audit row: entity `$admin`, the row's view and id, who, and what it touched. */
async function audit(tx: Queryable, view: AdminViewName, id: string, action: AdminAction, actorId: string, payload: Record<string, unknown>): Promise<void> {
  await tx.query(`insert into audit (entity, record_id, actor_id, kind, event, payload) values ('$admin', $1, $2, $3, $4, $5::jsonb)`, [
    `${view}:${id}`,
    actorId,
    view,
    action,
    JSON.stringify(payload),
  ]);
}

/** What each action does to its row, inside the transaction; false when the row is not (or no longer) one the action takes. */
const PERFORM: Record<string, (tx: Queryable, id: string) => Promise<Record<string, unknown> | undefined>> = {
  // session.machine.ts STAFF_UNLOCK: the account name's failed logins and lock go; its next login is judged afresh.
  'lockedAccounts.unlock': async (tx, key) => {
    const { rows } = await tx.query<{ failures: number; locks: number }>('delete from login_throttle where account_key = $1 and locked_until > now() returning failures, locks', [key]);
    return rows[0] && { accountKey: key, ...rows[0] };
  },
  // Failed mail is sent again by the mail worker at once, its attempts counted afresh.
  'failedMail.retry': async (tx, id) => {
    const { rows } = await tx.query<{ subject: string }>(
      "update outbox set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null where id = $1::bigint and status = 'failed' returning subject",
      [id],
    );
    return rows[0] && { outboxId: id };
  },
  'failedMail.discard': async (tx, id) => {
    const { rows } = await tx.query("delete from outbox where id = $1::bigint and status = 'failed' returning id", [id]);
    return rows[0] && { outboxId: id };
  },
};

/** Runs an action on a view's row and audits it in one transaction; 404 when the row is not one the action takes (gone, or handled already). */
export async function runAdminAction(db: Database, view: AdminViewName, id: string, action: AdminAction, actorId: string): Promise<void> {
  const perform = PERFORM[`${view}.${action}`];
  // A mail's id is a number: anything else names no row.
  if (!perform || (view === 'failedMail' && !/^\d{1,18}$/.test(id))) throw new ApiError(404, 'NOT_FOUND');
  await db.transaction(async (tx) => {
    const done = await perform(tx, id);
    if (!done) throw new ApiError(404, 'NOT_FOUND');
    await audit(tx, view, id, action, actorId, done);
  });
}
