import type { Database } from '../db/database.ts';
import { ListenHub, type HubPeer } from '../db/listen-hub.ts';
import { CHAT_CHANNEL_PREFIX, type ChatMessage, type ReadMark } from './chat-repo.ts';

/** A socket of this process that joined a chat. */
export type ChatPeer = HubPeer;

/**
 * The chats of this server process: which sockets joined which record's chat, and the one LISTEN
 * through which every process hears each stored message (chat-repo.ts `saveMessage` notifies in
 * its transaction). A message reaches the sockets of its chat on every process, the sender's included,
 * and makes every other user's own socket read its unread count again (unread-watch.ts). A user's
 * read mark moving (chat-repo.ts `markRead`) makes their own sockets read it again, on every device.
 */
export class ChatHub extends ListenHub<ChatMessage | ReadMark> {
  /** The sockets of users' own channels (no chat joined): told of every message another user sent, and of their own reads, to read their unread count again. */
  private readonly watchers = new Set<{ userId: string; changed(): void }>();

  constructor(db: Database) {
    // A read mark goes to no chat's sockets (its key names no group), only to the watchers below.
    super(db, CHAT_CHANNEL_PREFIX, (payload) => ('readBy' in payload ? { key: '', frame: undefined } : { key: payload.recordId, frame: { type: 'message', message: payload } }));
  }

  /** Watches every chat for messages of others than `userId`; the returned function stops. */
  watch(userId: string, changed: () => void): () => void {
    const watcher = { userId, changed };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  protected override heard(payload: ChatMessage | ReadMark): void {
    if ('readBy' in payload) {
      for (const w of this.watchers) if (w.userId === payload.readBy) w.changed();
      return;
    }
    for (const w of this.watchers) if (w.userId !== payload.senderId) w.changed();
  }
}
