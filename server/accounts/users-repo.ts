import type { Queryable } from '../db/database.ts';

/** The account name of a user, undefined when there is no such user. */
export async function accountNameOf(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ account: string }>('select account from users where id = $1', [userId]);
  return rows[0]?.account;
}
