import type { QueryClient } from '@tanstack/react-query';
import { chatKeys, type UnreadChat } from './chat-api.ts';

/**
 * The header's unread count, live: the user's own channel (src/shell/use-own-channel.ts) pushes
 * `unreadTotal` on open and whenever another user's message changes it; it replaces what
 * GET /api/chat/unread answered (which stays the fallback while the socket is down).
 */
export function takeUnreadTotal(queryClient: QueryClient, frame: unknown): void {
  const f = frame as { type?: string; total?: number; chats?: UnreadChat[] };
  if (f.type === 'unreadTotal' && typeof f.total === 'number' && Array.isArray(f.chats)) queryClient.setQueryData(chatKeys.unread, { total: f.total, chats: f.chats });
}
