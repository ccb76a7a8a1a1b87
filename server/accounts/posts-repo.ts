import type { Database, Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';
import { accountTypeOf, type AccountPosts, type PostChange } from '../../engine/index.ts';
import { forgetUserLocally } from '../auth/session-cache.ts';

/** An account as stored: the dimensions that mark its roles instead of the roles (posts-routes.ts works them out). */
export type StoredAccountPosts = Omit<AccountPosts, 'roles'> & { dimensions: Record<string, unknown> };

/** The audit trail's entity name for account changes: not an entity name (those are camelCase). */
const AUDIT_ENTITY = '$account';
const AUDIT_KIND = 'posts';
/** The account-status machine's states (its transitions share the `account` audit rows with the approval machine's, whose states differ). */
const ACCOUNT_STATES = ['enabled', 'disabled', 'reclaimed', 'closed'];

const ACCOUNT_COLUMNS = `u.id, u.account, u.user_name, u.email, u.mobile, u.department, u.company_id, c.name as company_name, u.status,
  u.account_state, u.is_admin, u.dimensions, u.posts,
  last.at as changed_at, actor.user_name as changed_by`;
const ACCOUNT_FROM = `users u join companies c on c.id = u.company_id
  left join lateral (select a.at, a.actor_id from audit a where a.entity = '${AUDIT_ENTITY}' and a.record_id = u.id and a.kind = '${AUDIT_KIND}'
    order by a.id desc limit 1) last on true
  left join users actor on actor.id = last.actor_id`;

interface AccountRow {
  id: string;
  account: string;
  user_name: string;
  email: string | null;
  mobile: string | null;
  department: string | null;
  account_state: string;
  company_id: string;
  company_name: string;
  status: string;
  is_admin: boolean;
  dimensions: Record<string, unknown>;
  posts: string[];
  changed_at: Date | string | null;
  changed_by: string | null;
}

const toAccount = (r: AccountRow): StoredAccountPosts => ({
  id: r.id,
  account: r.account,
  userName: r.user_name,
  email: r.email,
  mobile: r.mobile,
  companyId: r.company_id,
  companyName: r.company_name,
  status: r.status,
  accountState: r.account_state,
  accountType: accountTypeOf(r.dimensions),
  department: r.department,
  isAdmin: r.is_admin,
  dimensions: r.dimensions,
  posts: r.posts,
  postsChangedAt: r.changed_at === null ? null : isoTime(r.changed_at),
  postsChangedBy: r.changed_by,
});

/** What the account list asks: a company (or every one), a search text, a page. */
export interface AccountQuery {
  companyId: string | undefined;
  /** Matches the account, the user name or the email, ignoring case. */
  q: string;
  page: number;
  pageSize: number;
}

const MATCHING = `($1::text is null or u.company_id = $1)
  and ($2 = '' or u.account ilike '%' || $2 || '%' or u.user_name ilike '%' || $2 || '%' or u.email ilike '%' || $2 || '%')`;

/** A page of the accounts of one company, or of every company when `companyId` is undefined; by company, then account. */
export async function listAccountPosts(db: Queryable, query: AccountQuery): Promise<{ accounts: StoredAccountPosts[]; total: number }> {
  const q = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await db.query<AccountRow>(
    `select ${ACCOUNT_COLUMNS} from ${ACCOUNT_FROM} where ${MATCHING} order by c.name, u.account limit $3 offset $4`,
    [query.companyId ?? null, q, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const { rows: count } = await db.query<{ n: number }>(`select count(*)::int as n from users u where ${MATCHING}`, [query.companyId ?? null, q]);
  return { accounts: rows.map(toAccount), total: count[0]?.n ?? 0 };
}

/** One account as the list shows it; undefined when there is none. */
export async function accountById(db: Queryable, userId: string): Promise<StoredAccountPosts | undefined> {
  const { rows } = await db.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from ${ACCOUNT_FROM} where u.id = $1`, [userId]);
  return rows[0] && toAccount(rows[0]);
}

/** The companies that have accounts, for the staff's filter. */
export async function companiesWithAccounts(db: Queryable, companyId: string | undefined): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select c.id, c.name from companies c where ($1::text is null or c.id = $1) and exists (select 1 from users u where u.company_id = c.id) order by c.name',
    [companyId ?? null],
  );
  return rows;
}

/**
 * Audits a change of an account made by an admin (`posts`: its posts; `update`: its other fields;
 * `create`), kept apart from the account's lifecycle rows so that it does not count as activity.
 */
export async function auditAccountChange(tx: Queryable, userId: string, actorId: string, kind: 'posts' | 'update' | 'create', payload: Record<string, unknown>): Promise<void> {
  await tx.query(`insert into audit (entity, record_id, actor_id, kind, payload) values ($1, $2, $3, $4, $5::jsonb)`, [AUDIT_ENTITY, userId, actorId, kind, JSON.stringify(payload)]);
}

/**
 * Sets an account's posts, within `companyId` when given (a customer admin's own company), and
 * audits who changed them from what to what. Undefined when there is no such account in reach.
 */
export async function setAccountPosts(db: Database, userId: string, posts: readonly string[], actorId: string, companyId: string | undefined): Promise<StoredAccountPosts | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ posts: string[] }>('select posts from users where id = $1 and ($2::text is null or company_id = $2) for update', [userId, companyId ?? null]);
    const before = rows[0]?.posts;
    if (!before) return undefined;
    const unchanged = before.length === posts.length && before.every((p, i) => p === posts[i]);
    if (!unchanged) {
      await tx.query('update users set posts = $2::text[] where id = $1', [userId, posts]);
      forgetUserLocally(userId);
      await auditAccountChange(tx, userId, actorId, AUDIT_KIND, { from: before, to: posts });
    }
    return accountById(tx, userId);
  });
}

/**
 * The account's history, oldest first: the posts an admin gave it at its creation (from none),
 * each change of its posts, and each change of its state (disabled, enabled again, reclaimed,
 * closed: the account machine's transitions, `state`). Undefined when the account is out of reach.
 */
export async function postChanges(db: Queryable, userId: string, companyId: string | undefined): Promise<PostChange[] | undefined> {
  const { rows: found } = await db.query('select 1 from users where id = $1 and ($2::text is null or company_id = $2)', [userId, companyId ?? null]);
  if (!found.length) return undefined;
  type Row = { at: Date | string; actor_name: string | null; kind: string; payload: { from?: string[]; to: { posts?: string[] } | string[] } | null; state_from: string | null; state_to: string | null };
  const { rows } = await db.query<Row>(
    `select a.at, u.user_name as actor_name, a.kind, a.payload, null as state_from, null as state_to, a.id from audit a left join users u on u.id = a.actor_id
     where a.entity = $1 and a.record_id = $2 and (a.kind = $3 or (a.kind = 'create' and jsonb_typeof(a.payload->'to'->'posts') = 'array' and a.payload->'to'->'posts' <> '[]'::jsonb))
     union all
     select a.at, u.user_name, a.kind, null, a.from_states->>'status', a.to_states->>'status', a.id from audit a left join users u on u.id = a.actor_id
     where a.entity = 'account' and a.record_id = $2 and a.kind = 'event' and a.to_states->>'status' = any($4::text[])
     order by at, id limit 500`,
    [AUDIT_ENTITY, userId, AUDIT_KIND, ACCOUNT_STATES],
  );
  return rows.map((r) => {
    if (r.state_to !== null) return { at: isoTime(r.at), actorName: r.actor_name, from: [], to: [], state: { from: r.state_from ?? '', to: r.state_to } };
    const payload = r.payload!;
    const [from, to] = r.kind === AUDIT_KIND ? [payload.from ?? [], payload.to as string[]] : [[], (payload.to as { posts: string[] }).posts];
    return { at: isoTime(r.at), actorName: r.actor_name, from, to };
  });
}
