import type { Queryable } from '../db/database.ts';
import type { Language } from '../../engine/index.ts';
import { forgetUserLocally } from '../auth/session-cache.ts';

/** What /info/index shows of the user's own account and company. */
export async function accountInfo(db: Queryable, userId: string, lang: Language): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select u.account, u.user_name as "userName", u.email, u.mobile, u.contact_number as "contactNumber",
       case when $2 = 'en-US' then coalesce(nullif(c.name_en, ''), c.name) else c.name end as "companyName",
       c.customer_no as "customerNo", c.approval_status as "companyStatus", u.status, u.settings
     from users u join companies c on c.id = u.company_id where u.id = $1`,
    [userId, lang],
  );
  return rows[0];
}

/** Changes the user's own name and numbers (a mobile number taken by another account fails with 23505). */
export async function updateProfile(db: Queryable, userId: string, p: Record<string, unknown>): Promise<void> {
  await db.query('update users set user_name = $2, mobile = $3, contact_number = $4 where id = $1', [userId, p.userName, p.mobile ?? null, p.contactNumber ?? null]);
  forgetUserLocally(userId);
}

/** Merges settings into the user's settings. */
export async function mergeSettings(db: Queryable, userId: string, settings: Record<string, unknown>): Promise<void> {
  await db.query('update users set settings = settings || $2::jsonb where id = $1', [userId, JSON.stringify(settings)]);
}

/** Merges guide progress into the user's guide. */
export async function mergeGuide(db: Queryable, userId: string, guide: Record<string, unknown>): Promise<void> {
  await db.query('update users set guide = guide || $2::jsonb where id = $1', [userId, JSON.stringify(guide)]);
  forgetUserLocally(userId);
}
