import { randomBytes, randomUUID } from 'node:crypto';
import { message, type FieldError, type Language, type MessageCode } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Outbox } from '../mail/outbox.ts';
import { issueCode } from './codes.ts';
import { accountCreatedMail } from './mail-texts.ts';

/** A created account's set-password link (a password-reset code) stays valid this long. */
export const SET_PASSWORD_HOURS = 72;

/** An account an admin or staff make: enabled and approved at once. */
export interface NewAccount {
  account: string;
  userName: string;
  email: string;
  mobile: string | null;
  companyId: string;
  dimensions: Record<string, string>;
  posts?: readonly string[];
  department?: string | null;
  isAdmin?: boolean;
  /** The account's language (its mail's too). */
  lang: Language;
}

export const fieldError = (status: number, code: MessageCode, field: string, lang: Language, params: Record<string, string> = {}) =>
  new ApiError(status, code, params, [{ field, keyword: 'unique', message: message(code, lang, params) } satisfies FieldError]);

/** Refuses an account name, email or mobile another account has: 409 under its field (`prefix` + field: a form's nested object). */
export async function checkAccountUnique(
  tx: Queryable,
  a: Pick<NewAccount, 'account' | 'email' | 'mobile'>,
  exceptId: string | null,
  lang: Language,
  prefix = '',
): Promise<void> {
  const { rows } = await tx.query<{ account: string; email: string | null; mobile: string | null }>(
    `select account, email, mobile from users where ($4::text is null or id <> $4) and (lower(account) = lower($1) or lower(email) = lower($2) or mobile = $3)`,
    [a.account, a.email, a.mobile, exceptId],
  );
  if (rows.some((r) => r.account.toLowerCase() === a.account.toLowerCase())) throw fieldError(409, 'ACCOUNT_TAKEN', `${prefix}account`, lang);
  if (rows.some((r) => r.email?.toLowerCase() === a.email.toLowerCase())) throw fieldError(409, 'EMAIL_TAKEN', `${prefix}email`, lang);
  if (a.mobile && rows.some((r) => r.mobile === a.mobile)) throw fieldError(409, 'MOBILE_TAKEN', `${prefix}mobile`, lang);
}

/** A unique index refusing a write two requests raced for: the same 409 as the check before it. */
export function raced(err: unknown, lang: Language, prefix = ''): never {
  const constraint = (err as { code?: string; constraint?: string }).code === '23505' ? (err as { constraint?: string }).constraint : undefined;
  if (constraint === 'users_email') throw fieldError(409, 'EMAIL_TAKEN', `${prefix}email`, lang);
  if (constraint === 'users_mobile') throw fieldError(409, 'MOBILE_TAKEN', `${prefix}mobile`, lang);
  if (constraint) throw fieldError(409, 'ACCOUNT_TAKEN', `${prefix}account`, lang);
  throw err;
}

/**
 * Inserts an enabled, approved account with an unusable password, in the caller's transaction,
 * and queues its mail: a link to the portal's password page holding a reset code valid
 * SET_PASSWORD_HOURS, so the account chooses its own password. Returns the new account's id.
 * Account management (management.ts) and a company's first account (first-account.ts) both make accounts this way.
 */
export async function insertEnabledAccount(tx: Queryable, outbox: Outbox, a: NewAccount, portalUrl: string): Promise<string> {
  const { rows: company } = await tx.query<{ name: string }>('select name from companies where id = $1', [a.companyId]);
  if (!company[0]) throw fieldError(400, 'COMPANY_UNKNOWN', 'companyId', a.lang, { field: a.companyId });
  const id = `u-${randomUUID()}`;
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  await tx.query(
    `insert into users (id, account, user_name, email, mobile, password_hash, company_id, dimensions, posts, department, is_admin, status, account_state, settings)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::text[], $10, $11, 'approved', 'enabled', jsonb_build_object('language', $12::text))`,
    [id, a.account, a.userName, a.email, a.mobile, passwordHash, a.companyId, JSON.stringify(a.dimensions), a.posts ?? [], a.department ?? null, a.isAdmin ?? false, a.lang],
  );
  const code = await issueCode(tx, a.email, 'resetPassword', SET_PASSWORD_HOURS * 60);
  const link = `${portalUrl}/retrievePassword?email=${encodeURIComponent(a.email)}&code=${code}`;
  await outbox.queue(tx, accountCreatedMail(a.email, { name: a.userName, account: a.account, company: company[0].name, link, hours: SET_PASSWORD_HOURS }, a.lang));
  return id;
}
