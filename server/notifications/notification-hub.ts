import type { Database } from "../db/database.ts";
import {
  notificationChannel,
  type NotificationPush,
} from "./notifications-repo.ts";

/** A socket of this process, as the hub pushes to it. */
export interface NotificationPeer {
  send(data: unknown): void;
}

/**
 * The users connected to this process over /ws, and the one LISTEN through which every process
 * hears each stored notification (notifications-repo.ts `storeNotification` notifies at commit):
 * a notification reaches its user's sockets on whichever process holds them.
 */
export class NotificationHub {
  private readonly users = new Map<string, Set<NotificationPeer>>();
  private stop?: () => Promise<void>;
  channel = "";

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.channel = await notificationChannel(this.db);
    this.stop = await this.db.listen(this.channel, (payload) => {
      let push: NotificationPush;
      try {
        push = JSON.parse(payload) as NotificationPush;
      } catch {
        return;
      }
      for (const peer of this.users.get(push.userId) ?? [])
        peer.send({ type: "notification", notification: push.notification });
    });
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.users.clear();
  }

  /** Registers a user's socket; the returned function removes it. */
  join(userId: string, peer: NotificationPeer): () => void {
    let set = this.users.get(userId);
    if (!set) this.users.set(userId, (set = new Set()));
    set.add(peer);
    return () => {
      set.delete(peer);
      if (!set.size && this.users.get(userId) === set)
        this.users.delete(userId);
    };
  }
}
