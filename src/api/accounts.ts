import { request } from './client.ts';

/** Public account calls (registration, codes, password reset) and the staff's reviews and outbox. */
export interface PendingAccount {
  id: string;
  account: string;
  userName: string;
  email: string;
  mobile?: string;
  status: string;
  companyName?: string;
  createdAt?: string;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  status: string;
  createdAt: string;
}

export const sendCode = (email: string, purpose: 'register' | 'resetPassword') => request<{ message: string }>('/api/accounts/codes', { method: 'POST', json: { email, purpose } });
export const register = (body: Record<string, unknown>, simple: boolean) =>
  request<{ userId: string; status: string }>(simple ? '/api/accounts/simple-register' : '/api/accounts/register', { method: 'POST', json: body, quiet: true });
export const resetPassword = (body: Record<string, unknown>) => request<Record<string, never>>('/api/accounts/password-reset', { method: 'POST', json: body, quiet: true });
export const listReviews = () => request<PendingAccount[]>('/api/accounts/reviews');
export const approveAccount = (id: string) => request<unknown>(`/api/accounts/${encodeURIComponent(id)}/approve`, { method: 'POST' });
export const rejectAccount = (id: string, reason: string) => request<unknown>(`/api/accounts/${encodeURIComponent(id)}/reject`, { method: 'POST', json: { reason } });
export const listOutbox = (to?: string) => request<OutboxMail[]>('/api/outbox', { query: { to } });
