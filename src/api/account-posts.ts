import type { LocalizedText } from '../../engine/index.ts';
import { request } from './client.ts';

/** A post role as declared in schemas/_access/posts.json. */
export interface DeclaredPost {
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
  posts: DeclaredPost[];
  companies: { id: string; name: string }[];
  accounts: AccountPosts[];
  /** The caller manages every company's accounts (internal staff). */
  allCompanies: boolean;
}

const base = '/api/account-posts';
export const listAccountPosts = (companyId?: string) => request<AccountPostsPage>(base, { query: { companyId } });
export const assignPosts = (id: string, posts: readonly string[]) => request<AccountPosts>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', json: { posts } });
export const postHistory = (id: string) => request<PostChange[]>(`${base}/${encodeURIComponent(id)}/history`);
