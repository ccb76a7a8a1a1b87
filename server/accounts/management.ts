import { ACCOUNT_FORMS, ACCOUNT_TYPES, checkedSchema, machines, message, toPersisted, validateForm, type AccountType, type Language } from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import { decide, record } from '../machines/transitions.ts';
import type { EffectRunner } from '../effects/runner.ts';
import { checkAccountUnique, fieldError, insertEnabledAccount, raced } from './enabled-account.ts';
import { accountById, auditAccountChange, type StoredAccountPosts } from './posts-repo.ts';
import { forgetUserLocally } from '../auth/session-cache.ts';

/** The create/edit form of account management: the same schema the page draws. */
export const MANAGED_ACCOUNT_SCHEMA = checkedSchema(ACCOUNT_FORMS.managedAccount, 'schemas/account/managed-account.schema.json');

const machine = machines.accountStatus;

/** Who acts and which company they may manage (undefined: every company, internal staff). */
export interface Manager {
  id: string;
  reach: string | undefined;
  lang: Language;
}

interface AccountForm {
  account: string;
  userName: string;
  email: string;
  mobile: string;
  accountType: AccountType;
  department?: string;
  posts?: string[];
}

const TRIMMED = ['account', 'userName', 'email', 'mobile', 'department'] as const;

/** The form's rules (the schema), then the declared posts; names and addresses trimmed; field errors in the language. */
function checkedForm(body: unknown, declaredPosts: readonly string[], lang: Language): AccountForm {
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  delete raw.companyId;
  for (const k of TRIMMED) if (typeof raw[k] === 'string') raw[k] = (raw[k] as string).trim();
  if (raw.department === '') delete raw.department;
  const errors = validateForm(MANAGED_ACCOUNT_SCHEMA, raw, lang);
  if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
  const form = raw as unknown as AccountForm;
  const unknown = (form.posts ?? []).find((p) => !declaredPosts.includes(p));
  if (unknown !== undefined) {
    const params = { post: unknown, posts: declaredPosts.join(', ') };
    throw new ApiError(400, 'UNKNOWN_POST', params, [{ field: 'posts', keyword: 'enum', message: message('UNKNOWN_POST', lang, params) }]);
  }
  // Kept in the declaration's order, so the same posts are the same list.
  return { ...form, posts: declaredPosts.filter((p) => form.posts?.includes(p)) };
}

/**
 * Creates an account in the manager's company (staff: the company they name), approved and
 * enabled at once (made by an admin), with an unusable password: the mail it gets holds a link
 * to set its own (insertEnabledAccount). Audited; mail queued in the same transaction.
 */
export async function createAccount(
  db: Database,
  outbox: Outbox,
  by: Manager,
  body: unknown,
  declaredPosts: readonly string[],
  portalUrl: string,
): Promise<StoredAccountPosts> {
  const form = checkedForm(body, declaredPosts, by.lang);
  const named = body && typeof body === 'object' ? (body as { companyId?: unknown }).companyId : undefined;
  const companyId = by.reach ?? (typeof named === 'string' && named ? named : undefined);
  if (!companyId) throw fieldError(400, 'COMPANY_REQUIRED', 'companyId', by.lang);
  let userId = '';
  try {
    await db.transaction(async (tx) => {
      await checkAccountUnique(tx, form, null, by.lang);
      const account = { ...form, companyId, dimensions: { UserRole: ACCOUNT_TYPES[form.accountType] }, department: form.department ?? null, lang: by.lang };
      userId = await insertEnabledAccount(tx, outbox, account, portalUrl);
      await auditAccountChange(tx, userId, by.id, 'create', { to: form });
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    raced(err, by.lang);
  }
  return (await accountById(db, userId))!;
}

/** An account row as locked for a change. */
export interface LockedAccount {
  id: string;
  account: string;
  user_name: string;
  email: string | null;
  mobile: string | null;
  dimensions: Record<string, unknown>;
  posts: string[];
  department: string | null;
  status: string;
  account_state: string;
  is_admin: boolean;
  company_id: string;
}

/** Locks an account within reach; 404 when there is none (another company's account looks absent). */
export async function lockedAccount(tx: Queryable, userId: string, reach: string | undefined): Promise<LockedAccount> {
  const { rows } = await tx.query<LockedAccount>(
    'select id, account, user_name, email, mobile, dimensions, posts, department, status, account_state, is_admin, company_id from users where id = $1 and ($2::text is null or company_id = $2) for update',
    [userId, reach ?? null],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND');
  return rows[0];
}

/** Edits an account's fields and posts; what changed is audited (posts apart, as on the posts page). */
export async function editAccount(db: Database, by: Manager, userId: string, body: unknown, declaredPosts: readonly string[]): Promise<StoredAccountPosts> {
  const form = checkedForm(body, declaredPosts, by.lang);
  try {
    await db.transaction(async (tx) => {
      const before = await lockedAccount(tx, userId, by.reach);
      await checkAccountUnique(tx, form, userId, by.lang);
      const was = { account: before.account, userName: before.user_name, email: before.email, mobile: before.mobile, accountType: before.dimensions.UserRole, department: before.department };
      const now = { account: form.account, userName: form.userName, email: form.email, mobile: form.mobile, accountType: ACCOUNT_TYPES[form.accountType], department: form.department ?? null };
      const changed = (Object.keys(now) as (keyof typeof now)[]).filter((k) => (was[k] ?? null) !== now[k]);
      await tx.query(
        `update users set account = $2, user_name = $3, email = $4, mobile = $5, dimensions = dimensions || $6::jsonb, department = $7, posts = $8::text[] where id = $1`,
        [userId, form.account, form.userName, form.email, form.mobile, JSON.stringify({ UserRole: now.accountType }), now.department, form.posts],
      );
      forgetUserLocally(userId);
      if (changed.length) {
        await auditAccountChange(tx, userId, by.id, 'update', { from: Object.fromEntries(changed.map((k) => [k, was[k] ?? null])), to: Object.fromEntries(changed.map((k) => [k, now[k]])) });
      }
      const posts = form.posts ?? [];
      if (posts.length !== before.posts.length || posts.some((p, i) => p !== before.posts[i])) await auditAccountChange(tx, userId, by.id, 'posts', { from: before.posts, to: posts });
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    raced(err, by.lang);
  }
  return (await accountById(db, userId))!;
}

/**
 * Disables or enables an account through account-status.machine.ts: the machine decides (a
 * disabled or reclaimed account takes ENABLE, an enabled one DISABLE unless it is the admin's
 * own or the company's last enabled admin); the state, the audit row (`account`: enabling
 * restarts the inactivity clock) and the mail effect commit together, and disabling ends every
 * session of the account in the same transaction.
 */
export async function switchAccount(db: Database, effects: EffectRunner, by: Manager, userId: string, event: 'DISABLE' | 'ENABLE'): Promise<StoredAccountPosts> {
  await db.transaction(async (tx) => {
    const target = await lockedAccount(tx, userId, by.reach);
    if (target.status !== 'approved') throw new ApiError(409, 'ACCOUNT_NOT_APPROVED');
    const d = await decideStatus(tx, by, target, event);
    await tx.query('update users set account_state = $2 where id = $1', [userId, d.to]);
    if (d.to !== 'enabled') await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
    forgetUserLocally(userId);
    await record(tx, d, by.id, {});
  });
  await effects.afterCommit();
  return (await accountById(db, userId))!;
}

/** The refusals of a guard that failed, by event: which of the machine's conditions it was. */
const REFUSALS = { DISABLE: { self: 'CANNOT_DISABLE_SELF', lastAdmin: 'LAST_ENABLED_ADMIN' }, CLOSE: { self: 'CANNOT_CLOSE_SELF', lastAdmin: 'LAST_ADMIN_NOT_CLOSABLE' } } as const;

/**
 * Decides an event of account-status.machine.ts on a locked account: DISABLE and CLOSE are told
 * whether the account is the manager's own or its company's last enabled admin (the guard
 * `keepsAnAdmin`), and a refusal says which of them it was.
 */
export async function decideStatus(tx: Queryable, by: Manager, target: LockedAccount, event: 'DISABLE' | 'ENABLE' | 'CLOSE') {
  let facts = { self: false, lastAdmin: false };
  if (event !== 'ENABLE') {
    const { rows } = await tx.query<{ n: number }>(
      "select count(*)::int as n from users where company_id = $1 and id <> $2 and is_admin and status = 'approved' and account_state = 'enabled'",
      [target.company_id, target.id],
    );
    facts = { self: target.id === by.id, lastAdmin: target.is_admin && target.account_state === 'enabled' && rows[0]!.n === 0 };
  }
  try {
    return decide({
      machine,
      subject: { kind: 'account', id: target.id },
      snapshot: toPersisted(machine, machine.resolveState({ value: target.account_state, context: {} })),
      event: event === 'ENABLE' ? { type: 'ENABLE' } : { type: event, ...facts },
      lang: by.lang,
    });
  } catch (err) {
    // The machine refused by its guard: say which of its conditions failed.
    if (event !== 'ENABLE' && err instanceof ApiError && err.code === 'GUARD_FAILED') {
      if (facts.self) throw new ApiError(400, REFUSALS[event].self);
      if (facts.lastAdmin) throw new ApiError(400, REFUSALS[event].lastAdmin, { account: target.account });
    }
    throw err;
  }
}
