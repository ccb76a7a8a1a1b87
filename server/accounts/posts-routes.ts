import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALL_COMPANIES, hasPermission, rolesOf, STATIC_ACCESS, type AccessDeclarations, type AccountPosts, type DeclaredAccessEntry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { EffectRunner } from '../effects/runner.ts';
import { POST_SCHEMAS as S } from './posts-schemas.ts';
import { createAccount, editAccount, switchAccount, type Manager } from './management.ts';
import { accountById, companiesWithAccounts, listAccountPosts, postChanges, setAccountPosts, type StoredAccountPosts } from './posts-repo.ts';
import { closeAccount } from './closing.ts';

/** The permission of the account management page and its calls: accounts and their posts (schemas/_access/roles.json). */
export const ASSIGN_POSTS = 'account:posts';

/** The account list's page size unless asked otherwise (at most 100). */
export const ACCOUNT_PAGE_SIZE = 20;

/** A positive whole number from a query string, else the default, at most `max`. */
const positive = (raw: string | undefined, fallback: number, max: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};

/**
 * Account management (issues 12 and 14): a customer admin creates, edits, disables and enables
 * the accounts of their own company and gives them posts from schemas/_access/posts.json;
 * internal staff (every company's data) those of any company. An account out of reach answers
 * 404, as if absent; every change is audited.
 */
export function accountPostRoutes(app: FastifyInstance, db: Database, outbox: Outbox, effects: EffectRunner, publicUrl: string, access: AccessDeclarations = STATIC_ACCESS): void {
  /** The company the caller may manage, or undefined for all of them. */
  const reachOf = (req: FastifyRequest): string | undefined => {
    const user = currentUser(req);
    if (!hasPermission(user.permissionMap, ASSIGN_POSTS)) throw new ApiError(403, 'FORBIDDEN', { permission: ASSIGN_POSTS });
    return hasPermission(user.permissionMap, ALL_COMPANIES) ? undefined : user.companyId;
  };
  const declared = Object.keys(access.posts);
  /** An account as answered: its roles worked out from its dimensions and flag, not the dimensions themselves. */
  const view = ({ dimensions, ...account }: StoredAccountPosts): AccountPosts => ({ ...account, roles: rolesOf(access, { dimensions, isAdmin: account.isAdmin }) });
  const labelled = (entries: Record<string, Omit<DeclaredAccessEntry, 'name'>>): DeclaredAccessEntry[] =>
    Object.entries(entries).map(([name, p]) => ({ name, label: p.label, ...(p.description ? { description: p.description } : {}) }));

  const managerOf = (req: FastifyRequest): Manager => ({ id: currentUser(req).id, reach: reachOf(req), lang: requestLanguage(req) });

  app.get<{ Querystring: { companyId?: string; q?: string; page?: string; pageSize?: string } }>('/api/account-posts', { schema: S.list }, async (req) => {
    const reach = reachOf(req);
    const companyId = reach ?? (req.query.companyId || undefined);
    const page = positive(req.query.page, 1, 100_000);
    const pageSize = positive(req.query.pageSize, ACCOUNT_PAGE_SIZE, 100);
    const { accounts, total } = await listAccountPosts(db, { companyId, q: String(req.query.q ?? '').trim().slice(0, 100), page, pageSize });
    return ok({
      roles: labelled(access.roles),
      posts: labelled(access.posts),
      companies: await companiesWithAccounts(db, reach),
      accounts: accounts.map(view),
      total,
      allCompanies: reach === undefined,
    });
  });

  app.post('/api/account-posts', { schema: S.create }, async (req, reply) => {
    const account = await createAccount(db, outbox, managerOf(req), req.body, declared, publicUrl);
    return reply.status(201).send({ code: 201, data: view(account) });
  });

  app.patch<{ Params: { id: string } }>('/api/account-posts/:id', { schema: S.edit }, async (req) => ok(view(await editAccount(db, managerOf(req), req.params.id, req.body, declared))));

  for (const [path, event] of [['disable', 'DISABLE'], ['enable', 'ENABLE']] as const) {
    app.post<{ Params: { id: string } }>(`/api/account-posts/:id/${path}`, { schema: S.switch }, async (req) => ok(view(await switchAccount(db, effects, managerOf(req), req.params.id, event))));
  }

  // Personal-data rights: closing anonymises the account for good (closing.ts); the page asks to confirm first.
  app.post<{ Params: { id: string } }>('/api/account-posts/:id/close', { schema: S.switch }, async (req) => {
    await closeAccount(db, managerOf(req), req.params.id);
    return ok(view((await accountById(db, req.params.id))!));
  });

  app.put<{ Params: { id: string }; Body: { posts: string[] } }>('/api/account-posts/:id', { schema: S.assign }, async (req) => {
    const reach = reachOf(req);
    const unknown = req.body.posts.find((p) => !Object.hasOwn(access.posts, p));
    if (unknown !== undefined) throw new ApiError(400, 'UNKNOWN_POST', { post: unknown, posts: declared.join(', ') });
    // Kept in the declaration's order, so the same posts are the same list.
    const posts = declared.filter((p) => req.body.posts.includes(p));
    const account = await setAccountPosts(db, req.params.id, posts, currentUser(req).id, reach);
    if (!account) throw new ApiError(404, 'NOT_FOUND');
    return ok(view(account));
  });

  app.get<{ Params: { id: string } }>('/api/account-posts/:id/history', { schema: S.history }, async (req) => {
    const changes = await postChanges(db, req.params.id, reachOf(req));
    if (!changes) throw new ApiError(404, 'NOT_FOUND');
    return ok(changes);
  });
}
