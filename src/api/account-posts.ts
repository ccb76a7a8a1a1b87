import type { AccountPosts, AccountPostsPage, PostChange } from '../../engine/index.ts';
import { request } from './client.ts';

/** Account management and the post roles of accounts (docs/api.md, Accounts); the shapes are engine/api-contract.ts's. */
const base = '/api/account-posts';

/** What the account list asks: a company (staff), a search text, a page of 20. */
export interface AccountListQuery {
  companyId?: string;
  q?: string;
  page: number;
}

export const listAccountPosts = (query: AccountListQuery) => request<AccountPostsPage>(base, { query: { ...query } });
export const assignPosts = (id: string, posts: readonly string[]) => request<AccountPosts>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', json: { posts } });
export const postHistory = (id: string) => request<PostChange[]>(`${base}/${encodeURIComponent(id)}/history`);
/** Field errors come back under their fields: the form shows them (quiet). */
export const createAccount = (form: Record<string, unknown>) => request<AccountPosts>(base, { method: 'POST', json: form, quiet: true });
export const editAccount = (id: string, form: Record<string, unknown>) => request<AccountPosts>(`${base}/${encodeURIComponent(id)}`, { method: 'PATCH', json: form, quiet: true });
/** Disables, enables or closes (for good: personal data anonymised) an account. */
export const switchAccount = (id: string, to: 'disable' | 'enable' | 'close') => request<AccountPosts>(`${base}/${encodeURIComponent(id)}/${to}`, { method: 'POST' });
