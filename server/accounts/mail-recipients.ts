import { pickLanguage } from '../../engine/index.ts';
import type { Recipient, RecipientResolver } from '../effects/mail-effect.ts';

type Row = { email: string | null; language: string | null; user_name: string; company: string };

const recipientOf = (r: Row | undefined, vars: Record<string, string> = {}): Recipient | undefined =>
  r?.email ? { address: r.email, lang: pickLanguage(r.language), vars: { name: r.user_name, company: r.company, ...vars } } : undefined;

const USER = `select u.email, u.settings->>'language' as language, u.user_name, c.name as company from users u join companies c on c.id = u.company_id`;

/** The applicant of an account: the account's user, in the language they registered in. */
const applicant: RecipientResolver = async (tx, userId) => recipientOf((await tx.query<Row>(`${USER} where u.id = $1`, [userId])).rows[0]);

/** The approved admins of the applicant's company (the first of them), told who applied. */
const companyAdmin: RecipientResolver = async (tx, userId) => {
  const { rows } = await tx.query<Row & { applicant: string }>(
    `select u.email, u.settings->>'language' as language, u.user_name, c.name as company, a.user_name as applicant
     from users a join users u on u.company_id = a.company_id and u.id <> a.id join companies c on c.id = a.company_id
     where a.id = $1 and u.is_admin and u.status = 'approved' and u.account_state = 'enabled' order by u.created_at limit 1`,
    [userId],
  );
  return recipientOf(rows[0], rows[0] ? { applicant: rows[0].applicant } : {});
};

/** A company's customer contact: its first account. */
const customer: RecipientResolver = async (tx, companyId) =>
  recipientOf((await tx.query<Row>(`${USER} where u.company_id = $1 order by u.created_at, u.id limit 1`, [companyId])).rows[0]);

/** Who each account machine's `sendEmail` may address (mail-effect.ts), by machine id and `to`. */
export const ACCOUNT_RECIPIENTS: Readonly<Record<string, Readonly<Record<string, RecipientResolver>>>> = {
  accountApproval: { applicant, companyAdmin },
  accountStatus: { account: applicant },
  customerApproval: { customer },
};
