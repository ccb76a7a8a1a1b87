import { hash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { record } from '../machines/transitions.ts';
import { forgetUserLocally } from '../auth/session-cache.ts';
import { decideStatus, lockedAccount, type Manager } from './management.ts';

/** The hash a closed account keeps of its login name: a login under that name is told it was closed (docs/operations.md, Personal data). */
export const closedAccountHash = (account: string): string => hash('sha256', account.trim().toLowerCase(), 'hex');

/** What a closed account is called from then on: its id, no personal data, unique like the id. */
export const closedAccountName = (userId: string): string => `closed-${userId}`;

/** The keys of an account audit row's `from`/`to` that hold personal data (server/accounts/posts-repo.ts auditAccountChange). */
const PERSONAL_AUDIT_KEYS = ['account', 'userName', 'email', 'mobile', 'department'];

/**
 * Closes an account for good (personal-data rights, docs/operations.md "Personal data") through
 * account-status.machine.ts CLOSE, in one transaction: the machine decides (not one's own
 * account, not the company's last enabled admin); the account's personal fields are blanked (its
 * name and login become `closed-{id}`, the login kept only as a hash, so a login is refused with
 * ACCOUNT_CLOSED); every session and single-sign-on token ends; its notifications, codes, login
 * throttle and the mail kept for its address go; its chat messages name it by the new name; the
 * personal fields in the audit of its account changes are removed. Records (TRFs, reports,
 * invoices) keep their ids and contents: they name the account by id.
 */
export async function closeAccount(db: Database, by: Manager, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockedAccount(tx, userId, by.reach);
    const d = await decideStatus(tx, by, target, 'CLOSE');
    const name = closedAccountName(userId);
    await tx.query(
      `update users set account = $2, user_name = $2, email = null, mobile = null, contact_number = null, department = null,
         settings = '{}', guide = '{}', reject_reason = null, receive_marketing = false, posts = '{}',
         account_state = $3, closed_at = now(), closed_account_hash = $4 where id = $1`,
      [userId, name, d.to, closedAccountHash(target.account)],
    );
    await forgetPersonalTraces(tx, userId, target.account, target.email, name);
    forgetUserLocally(userId);
    await record(tx, d, by.id, {});
  });
}

/** The rows beside `users` that hold the closed account's personal data, or let it act. */
async function forgetPersonalTraces(tx: Queryable, userId: string, account: string, email: string | null, name: string): Promise<void> {
  await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
  await tx.query('delete from sso_tokens where user_id = $1', [userId]);
  await tx.query('delete from login_throttle where account_key = $1', [account.trim().toLowerCase()]);
  await tx.query('delete from notifications where user_id = $1', [userId]);
  await tx.query('delete from notification_preferences where user_id = $1', [userId]);
  await tx.query('update chat_messages set sender_name = $2 where sender_id = $1', [userId, name]);
  if (email) {
    await tx.query('delete from verification_codes where lower(target) = lower($1)', [email]);
    await tx.query('delete from outbox where lower(to_address) = lower($1)', [email]);
  }
  // The audit keeps who changed what account when; the personal values it recorded go.
  await tx.query(
    `update audit set payload = (select jsonb_object_agg(e.key, case when jsonb_typeof(e.value) = 'object' then e.value - $2::text[] else e.value end)
       from jsonb_each(payload) e)
     where entity = '$account' and record_id = $1 and jsonb_typeof(payload) = 'object' and payload <> '{}'::jsonb`,
    [userId, PERSONAL_AUDIT_KEYS],
  );
}
