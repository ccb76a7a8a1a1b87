import type { ChatFile } from '../../engine/index.ts';
import type { ChatMessage, HistoryPage, UnreadChat } from './chat-repo.ts';
import type { UserNotification } from '../notifications/notifications-repo.ts';

/** The ping string a client sends on its timer (SPEC §7, §9), and the answer. */
export const PING = 'ping';
export const PONG = 'pong';

export { MAX_CHAT_BODY, MAX_CHAT_FILES } from '../../engine/index.ts';

/** What a client sends, besides the ping string (JSON). */
export type ChatClientFrame =
  /** A message; `clientId` is the client's own id of it: sent again after a reconnect, it is stored once. */
  | { type: 'send'; clientId: string; body: string; files: ChatFile[] }
  /** The page of history before message `before`. */
  | { type: 'history'; before: number }
  /** The user has read the chat up to message `upTo`. */
  | { type: 'read'; upTo: number };

/** What the server sends (JSON). */
export type ChatServerFrame =
  /** On joining a chat: its latest messages and the user's unread count; later, an older page asked for. */
  | ({ type: 'history'; recordId: string; unread: number; before?: number } & HistoryPage)
  /** A message stored: to every socket of the chat, on every server process. */
  | { type: 'message'; message: ChatMessage }
  /** To the sender, once the message is stored (before it is broadcast to anyone). */
  | { type: 'ack'; clientId: string; message: ChatMessage }
  | { type: 'unread'; recordId: string; count: number }
  /** On the user's own channel (a socket joining no chat): the header's unread count, on open and as it changes. */
  | { type: 'unreadTotal'; total: number; chats: UnreadChat[] }
  /** An in-app notification of the socket's user, stored on any server process. */
  | { type: 'notification'; notification: UserNotification }
  | { type: 'error'; code: string; message: string; clientId?: string };

/** Close codes of refused sockets (the reason is the message code; the client says it in its language). */
export const CLOSE = { badRequest: 4400, unauthorized: 4401, forbidden: 4403, notFound: 4404, internal: 1011 } as const;

const isId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 64;
const isMessageId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isFile = (v: unknown): v is ChatFile =>
  typeof v === 'object' && v !== null && isId((v as ChatFile).fileId) && typeof (v as ChatFile).fileName === 'string' && (v as ChatFile).fileName.length <= 255;

/** A send frame's files (none when absent); undefined when they are not a list of files. The count is checked by the caller, with a message. */
function filesOf(v: unknown): ChatFile[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 50 || !v.every(isFile)) return undefined;
  return v.map((f) => ({ fileId: f.fileId, fileName: f.fileName }));
}

/** A client's JSON frame, or undefined when it is not one the server understands. */
export function parseClientFrame(text: string): ChatClientFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const f = value as Record<string, unknown>;
  const files = f.type === 'send' ? filesOf(f.files) : undefined;
  if (f.type === 'send' && isId(f.clientId) && typeof f.body === 'string' && files) return { type: 'send', clientId: f.clientId, body: f.body, files };
  if (f.type === 'history' && isMessageId(f.before)) return { type: 'history', before: f.before };
  if (f.type === 'read' && isMessageId(f.upTo)) return { type: 'read', upTo: f.upTo };
  return undefined;
}
