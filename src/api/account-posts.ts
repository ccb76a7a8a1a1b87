import type { AccountPosts, AccountPostsPage, PostChange } from '../../engine/index.ts';
import { request } from './client.ts';

/** The post roles of accounts (docs/api.md, Accounts); the shapes are engine/api-contract.ts's. */
const base = '/api/account-posts';
export const listAccountPosts = (companyId?: string) => request<AccountPostsPage>(base, { query: { companyId } });
export const assignPosts = (id: string, posts: readonly string[]) => request<AccountPosts>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', json: { posts } });
export const postHistory = (id: string) => request<PostChange[]>(`${base}/${encodeURIComponent(id)}/history`);
