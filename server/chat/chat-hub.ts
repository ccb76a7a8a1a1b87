import type { Database } from '../db/database.ts';
import { ListenHub, type HubPeer } from '../db/listen-hub.ts';
import { CHAT_CHANNEL_PREFIX, type ChatMessage } from './chat-repo.ts';

/** A socket of this process that joined a chat. */
export type ChatPeer = HubPeer;

/**
 * The chats of this server process: which sockets joined which record's chat, and the one LISTEN
 * through which every process hears each stored message (chat-repo.ts `saveMessage` notifies in
 * its transaction). A message reaches the sockets of its chat on every process, the sender's included,
 * and makes every other user's own socket read its unread count again (unread-watch.ts).
 */
export class ChatHub extends ListenHub<ChatMessage> {
  /** The sockets of users' own channels (no chat joined): told of every message another user sent, to read their unread count again. */
  private readonly watchers = new Set<{ userId: string; changed(): void }>();

  constructor(db: Database) {
    super(db, CHAT_CHANNEL_PREFIX, (message) => ({ key: message.recordId, frame: { type: 'message', message } }));
  }

  /** Watches every chat for messages of others than `userId`; the returned function stops. */
  watch(userId: string, changed: () => void): () => void {
    const watcher = { userId, changed };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  protected override heard(message: ChatMessage): void {
    for (const w of this.watchers) if (w.userId !== message.senderId) w.changed();
  }
}
