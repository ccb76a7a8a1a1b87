import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** A 6-digit verification code (SPEC §5) stays valid for 10 minutes; it may take up to 5 to arrive (§9). */
export const CODE_TTL_MINUTES = 10;
const MAX_ATTEMPTS = 5;

export type CodePurpose = 'register' | 'resetPassword';
export type CodeCheck = 'ok' | 'timedOut' | 'invalid' | 'wrong';

const hash = (target: string, code: string) => createHash('sha256').update(`${target.toLowerCase()}:${code}`).digest('hex');

/** Issues a new code for the target (an email), replacing any earlier one. */
export async function issueCode(tx: Queryable, target: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query('update verification_codes set used_at = now() where lower(target) = lower($1) and purpose = $2 and used_at is null', [target, purpose]);
  await tx.query(
    `insert into verification_codes (target, purpose, code_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [target, purpose, hash(target, code), CODE_TTL_MINUTES],
  );
  return code;
}

/**
 * Checks (and on success uses up) the latest code: timed out, invalid (none issued, already used,
 * or too many wrong tries) and wrong are told apart, each with its message (SPEC §8).
 */
export async function checkCode(tx: Queryable, target: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const { rows } = await tx.query<{ id: number; code_hash: string; expired: boolean; used: boolean; attempts: number }>(
    `select id::int as id, code_hash, expires_at <= now() as expired, used_at is not null as used, attempts
     from verification_codes where lower(target) = lower($1) and purpose = $2 order by id desc limit 1 for update`,
    [target, purpose],
  );
  const latest = rows[0];
  if (!latest || latest.used || latest.attempts >= MAX_ATTEMPTS) return 'invalid';
  if (latest.expired) return 'timedOut';
  if (latest.code_hash !== hash(target, code)) {
    await tx.query('update verification_codes set attempts = attempts + 1 where id = $1', [latest.id]);
    return 'wrong';
  }
  await tx.query('update verification_codes set used_at = now() where id = $1', [latest.id]);
  return 'ok';
}
