import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys, type UserNotification } from './notifications-api.ts';

/**
 * A notification pushed on the user's own channel (src/shell/use-own-channel.ts) goes to the top
 * of the header's list at once. When the socket gives up reconnecting, the list's periodic
 * refresh still brings what arrived.
 */
export function takeNotification(queryClient: QueryClient, frame: unknown): void {
  const f = frame as { type?: string; notification?: UserNotification };
  if (f.type !== 'notification' || !f.notification) return;
  const pushed = f.notification;
  queryClient.setQueryData<{ unread: number; items: UserNotification[] }>(notificationKeys.list, (old) =>
    old && !old.items.some((n) => n.id === pushed.id) ? { unread: old.unread + 1, items: [pushed, ...old.items] } : old,
  );
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
}
