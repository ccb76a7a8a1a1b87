import { request } from './client.ts';
import type { NoticeRecord } from '../notices/notice-api.ts';

/** Internal staff's notice calls (`notice:publish`). */
export interface NoticeDraft {
  startDateTime: string;
  finishDateTime: string;
  publishRemark: { cn: string; en: string };
  whiteList: string;
}

export type NoticeAction = 'start' | 'finish' | 'cancel';

export const listNotices = () => request<NoticeRecord[]>('/api/notices');
export const publishNotice = (draft: NoticeDraft) => request<NoticeRecord>('/api/notices', { method: 'POST', json: draft, quiet: true }); // the page lists the rejected fields
export const changeNotice = (id: string, action: NoticeAction) => request<NoticeRecord>(`/api/notices/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
