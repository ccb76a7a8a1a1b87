import { request } from './client.ts';

/** The administration screens' calls (docs/operations.md, Administration screens; server/admin/). */
export interface AdminViewData {
  columns: { name: string; type: 'text' | 'number' | 'time' | 'state' }[];
  actions: string[];
  rows: ({ id: string } & Record<string, unknown>)[];
  /** Rows a view shows at most. */
  limit: number;
}

/** The declared views, in menu order: each is the page /admin/{view} (schemas/_menu/menu.json). */
export const ADMIN_VIEW_NAMES = ['lockedAccounts', 'failedMail', 'dueTimers', 'failedEffects', 'connections', 'noticeSchedule'] as const;

export const getAdminView = (view: string) => request<AdminViewData>(`/api/admin/views/${encodeURIComponent(view)}`);
export const runAdminAction = (view: string, id: string, action: string) =>
  request<unknown>(`/api/admin/views/${encodeURIComponent(view)}/${encodeURIComponent(id)}/${encodeURIComponent(action)}`, { method: 'POST' });
