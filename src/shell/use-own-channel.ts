import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session-store.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { ChatConnection } from '../chat/chat-connection.ts';
import { browserSocket, chatUrl } from '../chat/use-chat.ts';
import { takeUnreadTotal } from '../chat/unread-frames.ts';
import { takeNotification } from '../notifications/notification-frames.ts';

/**
 * The signed-in user's own channel: one socket on /ws joining no chat, run by the chat connection
 * machine like a chat's, carrying the header's live unread chat count and the user's in-app
 * notifications (docs/architecture.md, Chat and Notifications).
 */
export function useOwnChannel(): void {
  const userId = useSession((s) => s.userInfo?.id);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const conn = new ChatConnection({
      open: () => browserSocket(chatUrl(undefined, userId, lang)),
      onFrame: (frame) => {
        takeUnreadTotal(queryClient, frame);
        takeNotification(queryClient, frame);
      },
      onStatus: () => undefined,
    }).start();
    return () => conn.close();
  }, [userId, lang, queryClient]);
}
