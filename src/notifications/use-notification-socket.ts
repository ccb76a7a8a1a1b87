import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session-store.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { ChatConnection } from '../chat/chat-connection.ts';
import { browserSocket, chatUrl } from '../chat/use-chat.ts';
import { notificationKeys, type UserNotification } from './notifications-api.ts';

/**
 * The user's own socket on /ws (no TRF), run by the chat connection machine like a chat's: each
 * notification it carries is put at the top of the header's list at once. When the machine gives
 * up reconnecting, the list's periodic refresh still brings what arrived.
 */
export function useNotificationSocket(): void {
  const userId = useSession((s) => s.userInfo?.id);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const conn = new ChatConnection({
      open: () => browserSocket(chatUrl(undefined, userId, lang)),
      onFrame: (frame) => {
        const f = frame as { type?: string; notification?: UserNotification };
        if (f.type !== 'notification' || !f.notification) return;
        const pushed = f.notification;
        queryClient.setQueryData<{ unread: number; items: UserNotification[] }>(notificationKeys.list, (old) =>
          old && !old.items.some((n) => n.id === pushed.id) ? { unread: old.unread + 1, items: [pushed, ...old.items] } : old,
        );
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      },
      onStatus: () => undefined,
    }).start();
    return () => conn.close();
  }, [userId, lang, queryClient]);
}
