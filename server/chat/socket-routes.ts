import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { hasPermission, message, type EntityRegistry, type Language, type MessageCode, type RegisteredEntity } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { GrantSource } from '../auth/roles.ts';
import { userOfToken, type SessionUser } from '../auth/sessions.ts';
import { requestLanguage } from '../http/errors.ts';
import { getRecord } from '../entities/records-repo.ts';
import { scopeOf } from '../entities/visibility.ts';
import { chatEntities, historyPage, markRead, recordIdByNumber, saveMessage, unreadIn, type NewMessage } from './chat-repo.ts';
import type { ChatHub } from './chat-hub.ts';
import { CHAT_SEND_LIMIT, sendAllowance } from './send-rate.ts';
import { MessageWriter } from './message-writer.ts';
import { UnreadWatch } from './unread-watch.ts';
import { linkFiles, writerMayAttach } from '../files/file-refs.ts';
import type { NotificationHub } from '../notifications/notification-hub.ts';
import { CLOSE, MAX_CHAT_BODY, MAX_CHAT_FILES, PING, PONG, parseClientFrame, type ChatClientFrame, type ChatServerFrame } from './socket-protocol.ts';

/** SPEC §7: /ws?userId=…&userSource=SGSMART&trfNo=… (`lang` too: a browser's socket sends no language header of ours). */
const QUERY = {
  type: 'object',
  properties: {
    userId: { type: 'string', maxLength: 100 },
    userSource: { type: 'string', maxLength: 40 },
    trfNo: { type: 'string', maxLength: 100 },
    lang: { type: 'string', maxLength: 10 },
  },
} as const;

type Query = { userId?: string; userSource?: string; trfNo?: string; lang?: string };

/** A socket that says nothing for this long (two pings missed) is gone: the server ends it. */
export const IDLE_SOCKET_MS = 2 * 50_000 + 5_000;

interface Joined {
  reg: RegisteredEntity;
  recordId: string;
  /** When the user's right to the record was last read. */
  checkedAt: number;
}

/** How long a socket's reading of the record's visibility holds before a message reads it again. */
export const VISIBILITY_RECHECK_MS = 5_000;

/**
 * The chat socket (docs/architecture.md, Chat): the session authenticates it (the token header, or
 * the cookie from our own origin); a socket without one, or for a chat the user may not join (the
 * record's visibility and the chat's permission), is closed with a reason. Frames are in
 * socket-protocol.ts: the ping string is answered at once; a message is stored (and notified to
 * every process) before it is acknowledged; a socket sending faster than CHAT_SEND_LIMIT is refused
 * the excess (send-rate.ts) with an error frame, and keeps its connection.
 */
export function chatSocketRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, grants: GrantSource, hub: ChatHub, notifications?: NotificationHub): void {
  const live = new Map<WebSocket, number>();
  const writer = new MessageWriter(db, () => hub.channel);
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, seen] of live) if (now - seen > IDLE_SOCKET_MS) socket.terminate();
  }, 10_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get('/ws', { websocket: true, config: { socket: true }, schema: { tags: ['chat'], querystring: QUERY } }, (socket, req) => {
    const query = req.query as Query;
    const lang: Language = query.lang === 'zh-CN' || query.lang === 'en-US' ? query.lang : requestLanguage(req);
    const sendText = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    const send = (frame: ChatServerFrame) => sendText(JSON.stringify(frame));
    const fail = (code: MessageCode, params: Record<string, string | number> = {}, clientId?: string) =>
      send({ type: 'error', code, message: message(code, lang, params), ...(clientId ? { clientId } : {}) });
    const refuse = (status: number, code: MessageCode) => socket.close(status, code);
    live.set(socket, Date.now());
    // Frames that arrive while the socket is being admitted wait for it, in order.
    const waiting: string[] = [];
    let handle: ((text: string) => Promise<void>) | undefined;
    let queue = Promise.resolve();
    const take = (text: string) => {
      queue = queue.then(() => handle!(text)).catch((err: unknown) => {
        req.log.error({ err }, 'chat frame');
        socket.close(CLOSE.internal, 'INTERNAL');
      });
    };
    let leave = () => undefined as void;
    const allowance = sendAllowance();
    let leaveNotifications = () => undefined as void;
    socket.on('message', (raw, isBinary) => {
      live.set(socket, Date.now());
      const text = isBinary ? '' : raw.toString();
      if (text === PING) return socket.send(PONG);
      if (handle) take(text);
      else waiting.push(text);
    });
    socket.on('close', () => {
      live.delete(socket);
      leave();
      leaveNotifications();
    });

    void admit(req, query)
      .then((admitted) => {
        if ('refusal' in admitted) return refuse(admitted.refusal[0], admitted.refusal[1]);
        const { user, joined } = admitted;
        if (socket.readyState !== socket.OPEN) return;
        if (joined) leave = hub.join(joined.recordId, { send: sendText });
        else leave = watchUnread(user);
        // Every socket of the user also carries their in-app notifications (docs/architecture.md, Notifications).
        if (notifications) leaveNotifications = notifications.join(user.id, { send: sendText });
        handle = (text) => onFrame(user, joined, text);
        for (const text of waiting.splice(0)) take(text);
        if (joined) return openChat(user, joined);
      })
      .catch((err: unknown) => {
        req.log.error({ err }, 'chat socket');
        socket.close(CLOSE.internal, 'INTERNAL');
      });

    /** The user's own channel: the header's unread count, now and whenever it changes. */
    function watchUnread(user: SessionUser): () => void {
      const watch = new UnreadWatch(db, registry, user.id, scopeOf(user, registry), (unread) => send({ type: 'unreadTotal', ...unread }), (err) => req.log.error({ err }, 'chat unread'));
      const stop = hub.watch(user.id, () => watch.changed());
      watch.changed();
      return () => {
        stop();
        watch.stop();
      };
    }

    async function openChat(user: SessionUser, joined: Joined): Promise<void> {
      const [page, unread] = await Promise.all([historyPage(db, joined.recordId), unreadIn(db, user.id, joined.recordId)]);
      send({ type: 'history', recordId: joined.recordId, unread, ...page });
    }

    async function onFrame(user: SessionUser, joined: Joined | undefined, text: string): Promise<void> {
      const frame = parseClientFrame(text);
      if (!frame) return fail('CHAT_BAD_MESSAGE');
      if (!joined) return fail('CHAT_NOT_FOUND', { number: query.trfNo ?? '' });
      await onChatFrame(user, joined, frame);
    }

    async function onChatFrame(user: SessionUser, joined: Joined, frame: ChatClientFrame): Promise<void> {
      if (frame.type === 'history') {
        const page = await historyPage(db, joined.recordId, frame.before);
        return send({ type: 'history', recordId: joined.recordId, unread: await unreadIn(db, user.id, joined.recordId), before: frame.before, ...page });
      }
      if (frame.type === 'read') {
        await markRead(db, hub.channel, user.id, joined.recordId, frame.upTo);
        return send({ type: 'unread', recordId: joined.recordId, count: await unreadIn(db, user.id, joined.recordId) });
      }
      if (!allowance.take()) return fail('CHAT_RATE_LIMITED', { max: CHAT_SEND_LIMIT.max, seconds: CHAT_SEND_LIMIT.seconds }, frame.clientId);
      const body = frame.body.trim();
      if ((!body && !frame.files.length) || body.length > MAX_CHAT_BODY) return fail('CHAT_MESSAGE_LENGTH', { max: MAX_CHAT_BODY }, frame.clientId);
      if (frame.files.length > MAX_CHAT_FILES) return fail('CHAT_TOO_MANY_FILES', { max: MAX_CHAT_FILES }, frame.clientId);
      if (body.includes('\u0000')) return fail('CHAT_BAD_MESSAGE', {}, frame.clientId);
      // The session is read again for each message, the record's visibility at most every few seconds: an ended
      // session stops the sending at once, a share withdrawn within VISIBILITY_RECHECK_MS.
      const still = req.sessionToken ? await userOfToken(db, req.sessionToken, grants) : undefined;
      if (!still) return refuse(CLOSE.unauthorized, 'UNAUTHORIZED');
      if (Date.now() - joined.checkedAt > VISIBILITY_RECHECK_MS) {
        if (!(await getRecord(db, joined.reg, joined.recordId, scopeOf(still, registry)))) return refuse(CLOSE.notFound, 'CHAT_NOT_FOUND');
        joined.checkedAt = Date.now();
      }
      const side = scopeOf(still, registry).all ? 'staff' : 'customer';
      const m: NewMessage = { recordId: joined.recordId, senderId: still.id, senderName: still.userName, side, clientId: frame.clientId, body, files: frame.files };
      // The files go with the message or not at all: linked to the chat's record (its parties may read them) in its transaction.
      // A message without files is one statement, stored with the others of the moment (message-writer.ts).
      const saved = !frame.files.length
        ? await writer.save(m)
        : await db.transaction(async (tx) => {
            const ids = [...new Set(frame.files.map((f) => f.fileId))];
            const readable = await writerMayAttach(tx, joined.recordId, ids, scopeOf(still, registry));
            if (ids.some((id) => !readable.has(id))) return undefined;
            await linkFiles(tx, joined.recordId, ids);
            return saveMessage(tx, hub.channel, m);
          });
      if (!saved) return fail('CHAT_FILE_NOT_READABLE', {}, frame.clientId);
      send({ type: 'ack', clientId: frame.clientId, message: saved.message });
    }
  });

  /** Who the socket is and which chat it joins, or why it is refused. */
  async function admit(req: FastifyRequest, query: Query): Promise<{ user: SessionUser; joined?: Joined } | { refusal: [number, MessageCode] }> {
    if (req.socketRefusal) return { refusal: [req.socketRefusal === 'UNAUTHORIZED' ? CLOSE.unauthorized : CLOSE.forbidden, req.socketRefusal] };
    const user = req.user;
    if (!user) return { refusal: [CLOSE.unauthorized, 'UNAUTHORIZED'] };
    if (query.userId && query.userId !== user.id) return { refusal: [CLOSE.forbidden, 'CHAT_USER_MISMATCH'] };
    if (!query.trfNo) return { user };
    const scope = scopeOf(user, registry);
    for (const reg of chatEntities(registry)) {
      if (!hasPermission(user.permissionMap, reg.entity.chat?.permission ?? reg.entity.permissions.read)) continue;
      const id = await recordIdByNumber(db, reg, query.trfNo);
      if (id && (await getRecord(db, reg, id, scope))) return { user, joined: { reg, recordId: id, checkedAt: Date.now() } };
    }
    return { refusal: [CLOSE.notFound, 'CHAT_NOT_FOUND'] };
  }
}
