import type { Queryable } from '../db/database.ts';
import { forgetUserLocally } from './session-cache.ts';

/** What the user chose at login: terms accepted now (kept once given), marketing mail (kept when not said). */
export async function recordLoginChoices(db: Queryable, userId: string, termsAccepted: boolean, receiveMarketing: boolean | null): Promise<void> {
  await db.query(
    `update users set terms_accepted_at = case when $2 then now() else terms_accepted_at end,
       receive_marketing = case when $3::boolean is null then receive_marketing else $3::boolean end
     where id = $1`,
    [userId, termsAccepted, receiveMarketing],
  );
  forgetUserLocally(userId);
}
