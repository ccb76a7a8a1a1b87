import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALL_COMPANIES, hasPermission, rolesOf, STATIC_ACCESS, type AccessDeclarations, type AccountPosts, type DeclaredAccessEntry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/errors.ts';
import { POST_SCHEMAS as S } from './posts-schemas.ts';
import { companiesWithAccounts, listAccountPosts, postChanges, setAccountPosts, type StoredAccountPosts } from './posts-repo.ts';

/** The permission of the post assignment page and its calls (schemas/_access/roles.json). */
export const ASSIGN_POSTS = 'account:posts';

/**
 * Post roles of accounts (issue 12): a customer admin gives the accounts of their own company
 * posts from schemas/_access/posts.json; internal staff (every company's data) those of any
 * company. An account out of reach answers 404, as if absent; every change is audited.
 */
export function accountPostRoutes(app: FastifyInstance, db: Database, access: AccessDeclarations = STATIC_ACCESS): void {
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

  app.get<{ Querystring: { companyId?: string } }>('/api/account-posts', { schema: S.list }, async (req) => {
    const reach = reachOf(req);
    const companyId = reach ?? (req.query.companyId || undefined);
    return ok({
      roles: labelled(access.roles),
      posts: labelled(access.posts),
      companies: await companiesWithAccounts(db, reach),
      accounts: (await listAccountPosts(db, companyId)).map(view),
      allCompanies: reach === undefined,
    });
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
