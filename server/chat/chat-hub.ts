import type { Database } from '../db/database.ts';
import { ListenHub, type HubPeer } from '../db/listen-hub.ts';
import { CHAT_CHANNEL_PREFIX, type ChatMessage } from './chat-repo.ts';

/** A socket of this process that joined a chat. */
export type ChatPeer = HubPeer;

/**
 * The chats of this server process: which sockets joined which record's chat, and the one LISTEN
 * through which every process hears each stored message (chat-repo.ts `saveMessage` notifies in
 * its transaction). A message reaches the sockets of its chat on every process, the sender's included.
 */
export class ChatHub extends ListenHub<ChatMessage> {
  constructor(db: Database) {
    super(db, CHAT_CHANNEL_PREFIX, (message) => ({ key: message.recordId, frame: { type: 'message', message } }));
  }
}
