import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session-store.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { ChatConnection } from './chat-connection.ts';
import { chatKeys, type UnreadChat } from './chat-api.ts';
import { browserSocket, chatUrl } from './use-chat.ts';

/**
 * The header's unread count, live: the user's own chat channel (/ws joining no chat, run by the
 * chat connection machine like any chat socket) pushes `unreadTotal` on open and whenever another
 * user's message changes it; it replaces what GET /api/chat/unread answered (which stays the
 * fallback while the socket is down).
 */
export function useUnreadPush(): void {
  const userId = useSession((s) => s.userInfo?.id);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const conn = new ChatConnection({
      open: () => browserSocket(chatUrl(undefined, userId, lang)),
      onFrame: (frame) => {
        const f = frame as { type?: string; total?: number; chats?: UnreadChat[] };
        if (f.type === 'unreadTotal' && typeof f.total === 'number' && Array.isArray(f.chats)) queryClient.setQueryData(chatKeys.unread, { total: f.total, chats: f.chats });
      },
      onStatus: () => undefined,
    }).start();
    return () => conn.close();
  }, [userId, lang, queryClient]);
}
