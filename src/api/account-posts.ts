import type { LocalizedText } from '../../engine/index.ts';
import { request } from './client.ts';

/** A role or post role as declared in schemas/_access/. */
export interface DeclaredAccess {
  name: string;
  label: LocalizedText;
  description?: LocalizedText;
}

/** An account with its posts and the last change of them. */
export interface AccountPosts {
  id: string;
  account: string;
  userName: string;
  email: string | null;
  companyId: string;
  companyName: string;
  status: string;
  isAdmin: boolean;
  /** The roles the account's dimensions and flag mark. */
  roles: string[];
  posts: string[];
  postsChangedAt: string | null;
  postsChangedBy: string | null;
}

export interface PostChange {
  at: string;
  actorName: string | null;
  from: string[];
  to: string[];
}

export interface AccountPostsPage {
  roles: DeclaredAccess[];
  posts: DeclaredAccess[];
  companies: { id: string; name: string }[];
  accounts: AccountPosts[];
  /** The caller manages every company's accounts (internal staff). */
  allCompanies: boolean;
}

const base = '/api/account-posts';
export const listAccountPosts = (companyId?: string) => request<AccountPostsPage>(base, { query: { companyId } });
export const assignPosts = (id: string, posts: readonly string[]) => request<AccountPosts>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', json: { posts } });
export const postHistory = (id: string) => request<PostChange[]>(`${base}/${encodeURIComponent(id)}/history`);
