import { request } from '../api/client.ts';

/** A chat with messages the user has not read (GET /api/chat/unread). */
export interface UnreadChat {
  entity: string;
  recordId: string;
  number: string;
  count: number;
}

export const chatKeys = { unread: ['chat', 'unread'] as const };

/** The user's unread chats, the latest first, and the total of unread messages. */
export const getUnreadChats = () => request<{ total: number; chats: UnreadChat[] }>('/api/chat/unread', { quiet: true });
