import type { Database } from '../db/database.ts';
import { chatChannel, type ChatMessage } from './chat-repo.ts';

/** A socket of this process that joined a chat (or none: the user's own channel). */
export interface ChatPeer {
  send(data: unknown): void;
}

/**
 * The chats of this server process: which sockets joined which record's chat, and the one LISTEN
 * through which every process hears each stored message (chat-repo.ts `saveMessage` notifies in
 * its transaction). A message reaches the sockets of its chat on every process, the sender's included,
 * and makes every other user's own socket read its unread count again (unread-watch.ts).
 */
export class ChatHub {
  private readonly rooms = new Map<string, Set<ChatPeer>>();
  /** The sockets of users' own channels (no chat joined): told of every message another user sent, to read their unread count again. */
  private readonly watchers = new Set<{ userId: string; changed(): void }>();
  private stop?: () => Promise<void>;
  channel = '';

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.channel = await chatChannel(this.db);
    this.stop = await this.db.listen(this.channel, (payload) => {
      let message: ChatMessage;
      try {
        message = JSON.parse(payload) as ChatMessage;
      } catch {
        return;
      }
      this.deliver(message);
    });
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.rooms.clear();
  }

  /** Joins a socket to a record's chat; the returned function leaves it. */
  join(recordId: string, peer: ChatPeer): () => void {
    let room = this.rooms.get(recordId);
    if (!room) this.rooms.set(recordId, (room = new Set()));
    room.add(peer);
    return () => {
      room.delete(peer);
      if (!room.size && this.rooms.get(recordId) === room) this.rooms.delete(recordId);
    };
  }

  /** Watches every chat for messages of others than `userId`; the returned function stops. */
  watch(userId: string, changed: () => void): () => void {
    const watcher = { userId, changed };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** How many sockets of this process are in chats (bench, tests). */
  get peers(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  private deliver(message: ChatMessage): void {
    for (const peer of this.rooms.get(message.recordId) ?? []) peer.send({ type: 'message', message });
    for (const w of this.watchers) if (w.userId !== message.senderId) w.changed();
  }
}
