import { randomUUID } from 'node:crypto';
import { checkedSchema, message, validateForm, type EntityRegistry, type EntitySchema, type Language } from '../../engine/index.ts';
import registrationSchema from '../../schemas/account/registration.schema.json' with { type: 'json' };
import simpleSchema from '../../schemas/account/simple-registration.schema.json' with { type: 'json' };
import resetSchema from '../../schemas/account/password-reset.schema.json' with { type: 'json' };
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { clearThrottle } from '../auth/login-judge.ts';
import type { Outbox } from '../mail/outbox.ts';
import { checkCode, checkSendingRate, issueCode, useCode, type CodePurpose } from './codes.ts';
import { codeMail } from './mail-texts.ts';
import { writeAudit } from '../entities/audit-repo.ts';
import { EntityService } from '../entities/service.ts';
import { forgetUserLocally } from '../auth/session-cache.ts';

export const REGISTRATION_SCHEMA = checkedSchema(registrationSchema, 'schemas/account/registration.schema.json');
export const SIMPLE_REGISTRATION_SCHEMA = checkedSchema(simpleSchema, 'schemas/account/simple-registration.schema.json');
export const PASSWORD_RESET_SCHEMA = checkedSchema(resetSchema, 'schemas/account/password-reset.schema.json');

type Body = Record<string, unknown>;

const CODE_ERRORS = { timedOut: 'CODE_TIMED_OUT', invalid: 'CODE_INVALID', wrong: 'CODE_WRONG' } as const;

const codeError = (code: (typeof CODE_ERRORS)[keyof typeof CODE_ERRORS], lang: Language) =>
  new ApiError(400, code, {}, [{ field: 'code', keyword: 'code', message: message(code, lang) }]);

/**
 * Checks the emailed code before anything else (a wrong entry is counted for good), and returns
 * the work that uses it up inside the caller's transaction.
 */
async function requireCode(db: Database, email: string, purpose: CodePurpose, code: string, lang: Language): Promise<(tx: Queryable) => Promise<void>> {
  const check = await checkCode(db, email, purpose, code);
  if (check.result !== 'ok') throw codeError(CODE_ERRORS[check.result], lang);
  return async (tx) => {
    if (!(await useCode(tx, check.id))) throw codeError('CODE_INVALID', lang);
  };
}

/** Names and addresses are trimmed; what is left must still meet the form's rules (a blank name does not). */
const TRIMMED = ['account', 'userName', 'email', 'mobile', 'contactNumber', 'companyName', 'companyNameEn'];
function trimmed(body: Body): Body {
  const out = { ...body };
  for (const k of TRIMMED) if (typeof out[k] === 'string') out[k] = (out[k] as string).trim();
  return out;
}

/** Just the email of the reset form: what asking for a code needs. */
const EMAIL_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/account/code-request.json',
  type: 'object',
  required: ['email'],
  properties: { email: PASSWORD_RESET_SCHEMA.properties.email! },
};

/**
 * Sends a 6-digit code by email (through the outbox), at most one a minute and ten an hour to an
 * address. The answer never tells whether the address has an account: a registration code goes out
 * either way (registration says "already registered" only once that code is verified), and a reset
 * code is made for an unknown address too, but mailed to no one.
 */
export async function sendCode(db: Database, outbox: Outbox, email: unknown, purpose: unknown, lang: Language): Promise<string> {
  const p: CodePurpose | undefined = purpose === 'register' || purpose === 'resetPassword' ? purpose : undefined;
  const address = typeof email === 'string' ? email.trim() : email;
  const errors = validateForm(EMAIL_SCHEMA, { email: address }, lang);
  if (!p || typeof address !== 'string' || errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
  return db.transaction(async (tx) => {
    await checkSendingRate(tx, address);
    const { rows } = await tx.query<{ id: string }>('select id from users where lower(email) = lower($1)', [address]);
    const code = await issueCode(tx, address, p);
    if (p === 'register' || rows[0]) await outbox.queue(tx, codeMail(address, code, p, lang));
    return address;
  });
}

/**
 * Registration (full or simple): the form schema's rules, the emailed code, no duplicate
 * account, email or mobile; then a new company waiting for review (`todo`) and an account
 * `toBeReviewed` — internal staff approve both (SPEC §4: email confirmation, then provider approval).
 */
export async function register(db: Database, registry: EntityRegistry, body: Body, password: string, simple: boolean, lang: Language): Promise<{ userId: string }> {
  const schema = simple ? SIMPLE_REGISTRATION_SCHEMA : REGISTRATION_SCHEMA;
  const form: Body = { ...trimmed(body), password };
  const errors = validateForm(schema, form, lang);
  if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
  const email = String(form.email);
  const account = simple ? email : String(form.account);
  const mobile = typeof form.mobile === 'string' ? form.mobile : null;
  // Whether the email, mobile or account is taken is told only to whoever holds the email's code.
  const useUp = await requireCode(db, email, 'register', String(form.code), lang);
  return db.transaction(async (tx) => {
    await useUp(tx);
    const dup = await tx.query<{ account: string; email: string | null; mobile: string | null }>(
      'select account, email, mobile from users where lower(account) = lower($1) or lower(email) = lower($2) or mobile = $3',
      [account, email, mobile],
    );
    if (dup.rows.some((r) => r.email?.toLowerCase() === email.toLowerCase())) throw new ApiError(409, 'EMAIL_REGISTERED');
    if (mobile && dup.rows.some((r) => r.mobile === mobile)) throw new ApiError(409, 'MOBILE_REGISTERED');
    if (dup.rows.some((r) => r.account.toLowerCase() === account.toLowerCase())) throw new ApiError(409, 'ACCOUNT_REGISTERED');
    const companyId = `c-${randomUUID()}`;
    const userId = `u-${randomUUID()}`;
    // The company is its `company` record (waiting for review: todo) with the companies row as its
    // projection; the account, the record's author, is made in between (the row comes first, the record last).
    await new EntityService(db).createInside(tx, registry.get('company'), {
      id: companyId,
      companyId,
      doc: { name: form.companyName, ...(form.companyNameEn ? { nameEn: form.companyNameEn } : {}), roles: ['applicant'] },
      state: 'todo',
      actorId: userId,
      lang,
      beforeRecord: async () => {
        await tx.query(
          `insert into users (id, account, user_name, email, mobile, contact_number, password_hash, company_id, roles,
             dimensions, status, terms_accepted_at, receive_marketing, settings)
           values ($1, $2, $3, $4, $5, $6, $7, $8, '{applicant}', '{"UserRole":"Applicant"}'::jsonb, 'toBeReviewed', now(), $9,
             jsonb_build_object('language', $10::text))`,
          [userId, account, form.userName, email, mobile, form.contactNumber ?? null, await hashPassword(password), companyId, form.receiveMarketingCommunication === true, lang],
        );
      },
    });
    // The account's history starts here (its machine takes the provider's decision: approval.ts).
    await writeAudit(tx, 'account', userId, userId, { kind: 'create', toStates: { status: 'toBeReviewed' } });
    return { userId };
  });
}

/** /retrievePassword: a new password with the emailed code; every session of the account ends. */
export async function resetPassword(db: Database, body: Body, password: string, lang: Language): Promise<void> {
  const form = trimmed(body);
  const errors = validateForm(PASSWORD_RESET_SCHEMA, { ...form, password }, lang);
  if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
  const useUp = await requireCode(db, String(form.email), 'resetPassword', String(form.code), lang);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await useUp(tx);
    const { rows } = await tx.query<{ id: string; account: string }>(
      'update users set password_hash = $2 where lower(email) = lower($1) returning id, account',
      [form.email, passwordHash],
    );
    if (!rows[0]) throw codeError('CODE_INVALID', lang);
    await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [rows[0].id]);
    forgetUserLocally(rows[0].id);
    // A new password clears the failed logins and the lock (session.machine.ts: PASSWORD_RESET).
    await clearThrottle(tx, rows[0].account);
  });
}
