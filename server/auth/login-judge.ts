import { createActor } from 'xstate';
import { sessionMachine, type LoginAttempt, type LoginRefusal, type SessionEmitted } from '../../workflows/session.machine.ts';
import { CAPTCHA_AFTER, lockDurationMs } from '../../workflows/session-limits.ts';
import type { Queryable } from '../db/database.ts';

/** What the server keeps of an account name's login attempts (known account or not). */
export interface Throttle {
  failures: number;
  locks: number;
  /** Milliseconds the lock still lasts; 0 when not locked. */
  lockedForMs: number;
}

export interface Verdict {
  refusal?: LoginRefusal;
  next: { failures: number; locks: number; locked: boolean };
  /** The lock the verdict set or kept, in milliseconds left (for the message). */
  lockMs: number;
}

/** The account name's key: logins are case-insensitive. */
const keyOf = (account: string) => account.trim().toLowerCase();

/**
 * Judges one login attempt by running the login/session machine (workflows/session.machine.ts)
 * from the stored throttle: the machine's guards decide captcha, failure, lock and success; the
 * server stores what the machine's context became.
 */
export function judgeLogin(throttle: Throttle, attempt: LoginAttempt): Verdict {
  const loggedOut = throttle.failures >= CAPTCHA_AFTER ? { loggedOut: 'captcha' } : { loggedOut: 'credentials' };
  const value = throttle.lockedForMs > 0 ? 'accountLocked' : loggedOut;
  const snapshot = sessionMachine.resolveState({ value, context: { failures: throttle.failures, locks: throttle.locks, attempt: null, lockPassword: null } });
  const actor = createActor(sessionMachine, { snapshot });
  const emitted: SessionEmitted[] = [];
  actor.on('loginRefused', (e) => emitted.push(e));
  actor.start();
  actor.send({ type: 'SUBMIT', ...attempt });
  const after = actor.getSnapshot();
  actor.stop();
  const refused = emitted.find((e) => e.type === 'loginRefused');
  const locked = after.matches('accountLocked');
  const lockMs = !locked ? 0 : throttle.lockedForMs > 0 ? throttle.lockedForMs : lockDurationMs(after.context.locks);
  return {
    ...(refused?.type === 'loginRefused' ? { refusal: refused.code } : {}),
    next: { failures: after.context.failures, locks: after.context.locks, locked },
    lockMs,
  };
}

/** The account name's throttle; `forUpdate` (inside a transaction) makes the row and locks it. */
export async function loadThrottle(db: Queryable, account: string, forUpdate = false): Promise<Throttle> {
  if (forUpdate) await db.query('insert into login_throttle (account_key) values ($1) on conflict do nothing', [keyOf(account)]);
  const { rows } = await db.query<{ failures: number; locks: number; ms: number | string | null }>(
    `select failures, locks, greatest(0, extract(epoch from (locked_until - now())) * 1000)::bigint as ms
     from login_throttle where account_key = $1${forUpdate ? ' for update' : ''}`,
    [keyOf(account)],
  );
  const r = rows[0];
  return { failures: r?.failures ?? 0, locks: r?.locks ?? 0, lockedForMs: Number(r?.ms ?? 0) };
}

/** Stores the machine's verdict: counts, and a new lock's end when it just locked. */
export async function saveThrottle(db: Queryable, account: string, before: Throttle, verdict: Verdict): Promise<void> {
  const newLockMs = verdict.next.locked && before.lockedForMs === 0 ? verdict.lockMs : null;
  await db.query(
    `insert into login_throttle (account_key, failures, locks, locked_until)
     values ($1, $2, $3, case when $4::bigint is null then null else now() + make_interval(secs => $4::bigint / 1000.0) end)
     on conflict (account_key) do update set failures = excluded.failures, locks = excluded.locks,
       locked_until = case when $4::bigint is null then
         (case when $5 then login_throttle.locked_until else null end) else excluded.locked_until end`,
    [keyOf(account), verdict.next.failures, verdict.next.locks, newLockMs, verdict.next.locked],
  );
}

/** A password reset or staff's unlock clears the account's failures and lock. */
export async function clearThrottle(db: Queryable, account: string): Promise<void> {
  await db.query('delete from login_throttle where account_key = $1', [keyOf(account)]);
}
