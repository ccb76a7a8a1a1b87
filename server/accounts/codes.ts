import { createHash, randomInt } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';

/** A 6-digit verification code (SPEC §5) stays valid for 10 minutes; it may take up to 5 to arrive (§9). */
export const CODE_TTL_MINUTES = 10;
/** After this many wrong entries the code is dead ('The verification code is invalid, please get it again'). */
export const MAX_ATTEMPTS = 5;
/** Mail to one address: one code a minute, ten an hour, whoever asks. */
export const CODES_PER_MINUTE = 1;
export const CODES_PER_HOUR = 10;

export type CodePurpose = 'register' | 'resetPassword';
export type CodeCheck = { result: 'ok'; id: number } | { result: 'timedOut' | 'invalid' | 'wrong' };

const hash = (target: string, code: string) => createHash('sha256').update(`${target.toLowerCase()}:${code}`).digest('hex');

/** Refuses a new code to an address that had one within the minute, or ten within the hour (429). */
export async function checkSendingRate(tx: Queryable, target: string): Promise<void> {
  const { rows } = await tx.query<{ minute: number; hour: number; wait: number }>(
    `select count(*) filter (where created_at > now() - interval '1 minute')::int as minute,
            count(*)::int as hour,
            coalesce(ceil(extract(epoch from (min(created_at) filter (where created_at > now() - interval '1 minute')
              + interval '1 minute' - now()))), 60)::int as wait
     from verification_codes where lower(target) = lower($1) and created_at > now() - interval '1 hour'`,
    [target],
  );
  const r = rows[0];
  if (r && r.minute >= CODES_PER_MINUTE) throw new ApiError(429, 'RATE_LIMITED', { seconds: Math.max(1, r.wait) });
  if (r && r.hour >= CODES_PER_HOUR) throw new ApiError(429, 'RATE_LIMITED', { seconds: 3600 });
}

/** Issues a new code for the target (an email), replacing any earlier one; valid `ttlMinutes` (10 by default). */
export async function issueCode(tx: Queryable, target: string, purpose: CodePurpose, ttlMinutes = CODE_TTL_MINUTES): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query('update verification_codes set used_at = now() where lower(target) = lower($1) and purpose = $2 and used_at is null', [target, purpose]);
  await tx.query(
    `insert into verification_codes (target, purpose, code_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [target, purpose, hash(target, code), ttlMinutes],
  );
  return code;
}

/**
 * Checks the latest code in a transaction of its own, so that a wrong entry is counted even when
 * the caller's work fails afterwards: timed out, invalid (none issued, already used, or
 * MAX_ATTEMPTS wrong entries) and wrong are told apart, each with its message (SPEC §8). A right
 * code is not used up here: `useCode` does that inside the caller's transaction.
 */
export async function checkCode(db: Database, target: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; code_hash: string; expired: boolean; used: boolean; attempts: number }>(
      `select id::int as id, code_hash, expires_at <= now() as expired, used_at is not null as used, attempts
       from verification_codes where lower(target) = lower($1) and purpose = $2 order by id desc limit 1 for update`,
      [target, purpose],
    );
    const latest = rows[0];
    if (!latest || latest.used || latest.attempts >= MAX_ATTEMPTS) return { result: 'invalid' as const };
    if (latest.expired) return { result: 'timedOut' as const };
    if (latest.code_hash !== hash(target, code)) {
      await tx.query('update verification_codes set attempts = attempts + 1 where id = $1', [latest.id]);
      return { result: 'wrong' as const };
    }
    return { result: 'ok' as const, id: latest.id };
  });
}

/** Uses up a code `checkCode` accepted; false when another request used it first. */
export async function useCode(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query('update verification_codes set used_at = now() where id = $1 and used_at is null returning id', [id]);
  return rows.length === 1;
}
