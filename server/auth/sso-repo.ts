import type { Queryable } from '../db/database.ts';

/** Stores a one-time sign-in token (by its hash) of a user, valid for `seconds`. */
export async function insertSsoToken(db: Queryable, tokenHash: string, userId: string, seconds: number): Promise<void> {
  await db.query('insert into sso_tokens (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))', [tokenHash, userId, seconds]);
}

/** Whether the token is unused and not expired. */
export async function ssoTokenValid(db: Queryable, tokenHash: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>('select true as ok from sso_tokens where token_hash = $1 and used_at is null and expires_at > now()', [tokenHash]);
  return Boolean(rows[0]);
}

/** Uses the token up; its user, or undefined when it was used already or expired. */
export async function useSsoToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    'update sso_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id',
    [tokenHash],
  );
  return rows[0]?.user_id;
}
