import { hash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { toPermissionMap, type PermissionMap } from '../../engine/index.ts';
import { SESSION_TTL_MS } from '../../workflows/session-limits.ts';
import { STATIC_GRANTS, type GrantSource } from './roles.ts';
import { SessionCache } from './session-cache.ts';
import { closedAccountHash } from '../accounts/closing.ts';
import type { Database } from '../db/database.ts';

/** Token cookie and session lifetime: 4 hours (SPEC §9; the session machine's expiry timer). */
export const SESSION_MS = SESSION_TTL_MS;

export interface SessionUser {
  id: string;
  account: string;
  userName: string;
  email: string | null;
  companyId: string;
  companyName: string;
  permissions: readonly string[];
  buttons: readonly string[];
  permissionMap: PermissionMap;
  /** The roles the user's dimensions and flag mark (schemas/_access/roles.json). */
  roles: readonly string[];
  dimensions: Record<string, string>;
  posts: readonly string[];
  isAdmin: boolean;
  guide: Record<string, unknown>;
  /** Account approval state: 'approved' may log in. */
  status: string;
  /** account-status.machine.ts: 'enabled' may log in ('disabled', 'reclaimed', 'closed'). */
  accountState: string;
  rejectReason: string | null;
  /** The user accepted the current terms of use and privacy policy (SPEC: tcpp). */
  termsAccepted: boolean;
}

/** A session token's hash, as `sessions` stores it (crypto.hash: one call, no Hash object, on every request). */
const hashToken = (token: string) => hash('sha256', token, 'hex');

export async function createSession(db: Queryable, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [hashToken(token), userId, expiresAt.toISOString()]);
  return { token, expiresAt };
}

/** How long a logout waits to hear its revocation come back from the database (session-cache.ts `heardBack`). */
const REVOCATION_ECHO_MS = 2_000;

/**
 * Revokes a session: this process forgets it at once, and — `db` being the app's database, outside
 * a transaction — the call returns once the revocation's notification has come back, so every other
 * process has been sent it before the client's next request (bounded: a lost notification costs at
 * most REVOCATION_ECHO_MS here and the cache's MAX_AGE_MS there).
 */
export async function revokeSession(db: Queryable, token: string): Promise<void> {
  const hash = hashToken(token);
  // Other processes exist only on a PostgreSQL server (PGlite belongs to one process).
  const cache = (db as Partial<Database>).kind === 'postgres' ? caches.get(db as Database) : undefined;
  const echo = cache?.heardBack(`t:${hash}`, REVOCATION_ECHO_MS);
  const { rows } = await db.query('update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null returning token_hash', [hash]);
  for (const each of caches.values()) each.forgetToken(hash);
  if (rows.length > 0) await echo;
}

/** The session cache of each database an app serves (server/auth/session-cache.ts); none: every check asks the database. */
const caches = new Map<Database, SessionCache<UserRow & { expires_at: Date }>>();

/** Starts the session cache of an app's database; the returned function stops it (app close). */
export async function startSessionCache(db: Database): Promise<() => Promise<void>> {
  if (caches.has(db)) return async () => undefined;
  const cache = new SessionCache<UserRow & { expires_at: Date }>();
  await cache.start(db);
  caches.set(db, cache);
  return async () => {
    caches.delete(db);
    await cache.close();
  };
}

interface UserRow {
  id: string;
  account: string;
  user_name: string;
  email: string | null;
  company_id: string;
  company_name: string;
  dimensions: Record<string, string>;
  posts: string[];
  is_admin: boolean;
  guide: Record<string, unknown>;
  status: string;
  account_state: string;
  reject_reason: string | null;
  terms_accepted: boolean;
}

const USER_COLUMNS = `u.id, u.account, u.user_name, u.email, u.company_id, c.name as company_name,
  u.dimensions, u.posts, u.is_admin, u.guide, u.status, u.account_state, u.reject_reason,
  u.terms_accepted_at is not null as terms_accepted`;

/**
 * A user's permission and button codes are computed whenever a session is read, never stored with
 * the user: the roles the user's dimensions and flag mark, and the user's posts, each holding what
 * schemas/_access/ and the entities' `grants` declare (GrantSource, cached by roles and posts). A
 * post given now, or a grant declared later, reaches an existing user at their next request.
 */
function toSessionUser(r: UserRow, grants: GrantSource): SessionUser {
  const { roles, permissions, buttons } = grants({ dimensions: r.dimensions, isAdmin: r.is_admin, posts: r.posts });
  return {
    id: r.id,
    account: r.account,
    userName: r.user_name,
    email: r.email,
    companyId: r.company_id,
    companyName: r.company_name,
    permissions,
    buttons,
    permissionMap: permissionMapOf(permissions, buttons),
    roles,
    dimensions: r.dimensions,
    posts: r.posts,
    isAdmin: r.is_admin,
    guide: r.guide,
    status: r.status,
    accountState: r.account_state,
    rejectReason: r.reject_reason,
    termsAccepted: r.terms_accepted,
  };
}

/** The map of a pair of code lists: the grant source answers the same arrays for the same roles and posts, so each pair is mapped once. */
const maps = new WeakMap<readonly string[], { buttons: readonly string[]; map: PermissionMap }>();
function permissionMapOf(permissions: readonly string[], buttons: readonly string[]): PermissionMap {
  const known = maps.get(permissions);
  if (known?.buttons === buttons) return known.map;
  const map = toPermissionMap(permissions, buttons);
  maps.set(permissions, { buttons, map });
  return map;
}

/** The user of a live (unexpired, unrevoked) session token. */
export async function userOfToken(db: Queryable, token: string, grants: GrantSource = STATIC_GRANTS): Promise<SessionUser | undefined> {
  const hash = hashToken(token);
  const cache = caches.get(db as Database);
  const cached = cache?.get(hash);
  if (cached) return toSessionUser(cached, grants);
  const readAt = cache?.generation ?? 0;
  const { rows } = await db.query<UserRow & { expires_at: Date }>(
    `select ${USER_COLUMNS}, s.expires_at from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.status = 'approved' and u.account_state = 'enabled'`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  cache?.set(hash, row, { userId: row.id, companyId: row.company_id, expiresAt: new Date(row.expires_at).getTime() }, readAt);
  return toSessionUser(row, grants);
}

export interface LoginCandidate extends SessionUser {
  passwordHash: string;
}

/**
 * The account a login names; else a closed account that had that login name (kept as a hash,
 * server/accounts/closing.ts), so its user is told it was closed.
 */
export async function userByAccount(db: Queryable, account: string, grants: GrantSource = STATIC_GRANTS): Promise<LoginCandidate | undefined> {
  const find = (where: string, value: string) =>
    db.query<UserRow & { password_hash: string }>(`select ${USER_COLUMNS}, u.password_hash from users u join companies c on c.id = u.company_id where ${where} limit 1`, [value]);
  let { rows } = await find('lower(u.account) = lower($1)', account);
  if (!rows[0]) ({ rows } = await find('u.closed_account_hash = $1', closedAccountHash(account)));
  const r = rows[0];
  return r && { ...toSessionUser(r, grants), passwordHash: r.password_hash };
}
