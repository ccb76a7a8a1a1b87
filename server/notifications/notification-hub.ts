import type { Database } from '../db/database.ts';
import { ListenHub } from '../db/listen-hub.ts';
import { NOTIFICATION_CHANNEL_PREFIX, type NotificationPush } from './notifications-repo.ts';

/**
 * The users connected to this process over /ws, and the one LISTEN through which every process
 * hears each stored notification (notifications-repo.ts `storeNotification` notifies at commit):
 * a notification reaches its user's sockets on whichever process holds them.
 */
export class NotificationHub extends ListenHub<NotificationPush> {
  constructor(db: Database) {
    super(db, NOTIFICATION_CHANNEL_PREFIX, (push) => ({ key: push.userId, frame: { type: 'notification', notification: push.notification } }));
  }
}
