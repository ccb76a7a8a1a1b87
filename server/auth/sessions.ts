import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { toPermissionMap, type PermissionMap } from '../../engine/index.ts';
import { SESSION_TTL_MS } from '../../workflows/session-limits.ts';
import { grantsOf, ROLES, type RoleName } from './roles.ts';

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
  dimensions: Record<string, string>;
  posts: readonly string[];
  isAdmin: boolean;
  guide: Record<string, unknown>;
  /** Account approval state: 'approved' may log in. */
  status: string;
  rejectReason: string | null;
  /** The user accepted the current terms of use and privacy policy (SPEC: tcpp). */
  termsAccepted: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Queryable, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [hashToken(token), userId, expiresAt.toISOString()]);
  return { token, expiresAt };
}

export async function revokeSession(db: Queryable, token: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(token)]);
}

interface UserRow {
  id: string;
  account: string;
  user_name: string;
  email: string | null;
  company_id: string;
  company_name: string;
  roles: RoleName[];
  dimensions: Record<string, string>;
  posts: string[];
  is_admin: boolean;
  guide: Record<string, unknown>;
  status: string;
  reject_reason: string | null;
  terms_accepted: boolean;
}

const USER_COLUMNS = `u.id, u.account, u.user_name, u.email, u.company_id, c.name as company_name, u.roles,
  u.dimensions, u.posts, u.is_admin, u.guide, u.status, u.reject_reason,
  u.terms_accepted_at is not null as terms_accepted`;

/**
 * A user's permission and button codes are computed from the user's roles whenever a session is
 * read (roles.ts plus every entity's declared `grants`), never stored with the user: an entity
 * declared later grants its codes to existing users at their next request.
 */
const grantsByRoles = new Map<string, ReturnType<typeof grantsOf>>();
function grantsFor(roles: readonly RoleName[]) {
  const key = [...roles].sort().join(',');
  let grants = grantsByRoles.get(key);
  if (!grants) grantsByRoles.set(key, (grants = grantsOf(roles.filter((r) => r in ROLES))));
  return grants;
}

function toSessionUser(r: UserRow): SessionUser {
  const { permissions, buttons } = grantsFor(r.roles);
  return {
    id: r.id,
    account: r.account,
    userName: r.user_name,
    email: r.email,
    companyId: r.company_id,
    companyName: r.company_name,
    permissions,
    buttons,
    permissionMap: toPermissionMap(permissions, buttons),
    dimensions: r.dimensions,
    posts: r.posts,
    isAdmin: r.is_admin,
    guide: r.guide,
    status: r.status,
    rejectReason: r.reject_reason,
    termsAccepted: r.terms_accepted,
  };
}

/** The user of a live (unexpired, unrevoked) session token. */
export async function userOfToken(db: Queryable, token: string): Promise<SessionUser | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.status = 'approved'`,
    [hashToken(token)],
  );
  return rows[0] && toSessionUser(rows[0]);
}

export interface LoginCandidate extends SessionUser {
  passwordHash: string;
}

export async function userByAccount(db: Queryable, account: string): Promise<LoginCandidate | undefined> {
  const { rows } = await db.query<UserRow & { password_hash: string }>(
    `select ${USER_COLUMNS}, u.password_hash
     from users u join companies c on c.id = u.company_id where lower(u.account) = lower($1)`,
    [account],
  );
  const r = rows[0];
  return r && { ...toSessionUser(r), passwordHash: r.password_hash };
}
