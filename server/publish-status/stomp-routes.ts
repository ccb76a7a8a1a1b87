import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StompHeaders } from '@stomp/stompjs';
import { message, type Language, type MessageCode } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { GrantSource } from '../auth/roles.ts';
import { userOfToken } from '../auth/sessions.ts';
import { requestLanguage } from '../http/errors.ts';
import { PUBLISH_SYSTEM_ID, PublishStatusHub, publishStatusBody } from './publish-status-hub.ts';
import { StompReader, stompFrame, type StompFrame } from './stomp-frames.ts';

/** Where the endpoint listens, where a client SENDs its query (SPEC §7) and the topic answers and changes come on. */
export const STOMP_PATH = '/stomp';
export const QUERY_DESTINATION = '/app/queryPublishStatus';
export const STATUS_TOPIC = '/topic/publishStatus';

/** A partial frame may hold at most this much before the connection is refused (the socket's own limit is 64 KB a message). */
const MAX_PENDING_BYTES = 64 * 1024;
/** Subscriptions one connection may hold. */
const MAX_SUBSCRIPTIONS = 10;

const QUERY = { type: 'object', properties: { lang: { type: 'string', maxLength: 10 } } } as const;

const languageOf = (value: string | undefined): Language | undefined => (value === 'zh-CN' || value === 'en-US' ? value : undefined);
const tokenOf = (value: string | undefined) => value?.replace(/^bearer\s+/i, '').trim() || undefined;

class Refusal extends Error {
  constructor(
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

/**
 * The publish-status endpoint (docs/architecture.md, Publish status): STOMP 1.2 over the WebSocket at
 * /stomp, read and written with @stomp/stompjs's parser and frame (stomp-frames.ts). CONNECT is
 * authenticated by its `token` header (SPEC §7), else by the session that opened the socket (the
 * cookie from our own origin); each SEND by its own `token` header when it has one, else by that
 * session read again. SEND to /app/queryPublishStatus with body {"systemId":101} answers the current
 * status as a MESSAGE on the connection's subscriptions to /topic/publishStatus; every subscriber
 * on every process gets each change (PublishStatusHub). Whatever is wrong gets an ERROR frame in the
 * user's language and the connection closes, as STOMP says.
 */
export async function publishStatusRoutes(app: FastifyInstance, db: Database, grants: GrantSource): Promise<PublishStatusHub> {
  const hub = new PublishStatusHub(db);
  await hub.start();
  app.addHook('onClose', () => hub.close());

  app.get(STOMP_PATH, { websocket: true, config: { socket: true }, schema: { tags: ['publish-status'], querystring: QUERY } }, (socket, req) => {
    let lang: Language = languageOf((req.query as { lang?: string }).lang) ?? requestLanguage(req);
    let token: string | undefined;
    const subscriptions = new Map<string, string>();
    let leave: (() => void) | undefined;
    let messageId = 0;
    let queue = Promise.resolve();

    const send = (command: string, headers: StompHeaders, body = '') => {
      if (socket.readyState === socket.OPEN) socket.send(stompFrame(command, headers, body));
    };
    const refuse = (code: MessageCode, params: Record<string, string | number> = {}, receipt?: string) => {
      send('ERROR', { message: code, 'content-type': 'text/plain;charset=utf-8', ...(receipt ? { 'receipt-id': receipt } : {}) }, message(code, lang, params));
      socket.close(1000, code);
    };
    const deliver = (body: string) => {
      for (const [id, destination] of subscriptions)
        if (destination === STATUS_TOPIC) send('MESSAGE', { destination, subscription: id, 'message-id': String(++messageId), 'content-type': 'application/json' }, body);
    };

    const reader = new StompReader(
      (frame) => {
        queue = queue.then(() => onFrame(frame)).catch((err: unknown) => {
          if (err instanceof Refusal) return refuse(err.code, err.params, frame.headers.receipt);
          req.log.error({ err }, 'stomp frame');
          socket.close(1011, 'INTERNAL');
        });
      },
      () => refuse('STOMP_BAD_FRAME'),
      MAX_PENDING_BYTES,
    );
    socket.on('message', (raw, isBinary) => {
      const data = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      reader.push(isBinary ? new Uint8Array(data).buffer : data.toString());
    });
    socket.on('close', () => leave?.());

    async function onFrame(frame: StompFrame): Promise<void> {
      const h = frame.headers;
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
        lang = languageOf(h['accept-language']) ?? lang;
        token = await connectToken(req, h.token);
        send('CONNECTED', { version: '1.2', 'heart-beat': '0,0', server: 'portico' });
        return;
      }
      if (!token) throw new Refusal('STOMP_NOT_CONNECTED');
      if (frame.command === 'SUBSCRIBE') {
        const id = required(h, 'id');
        if (required(h, 'destination') !== STATUS_TOPIC) throw new Refusal('STOMP_UNKNOWN_DESTINATION', { destination: h.destination! });
        if (subscriptions.size >= MAX_SUBSCRIPTIONS && !subscriptions.has(id)) throw new Refusal('STOMP_BAD_FRAME');
        subscriptions.set(id, STATUS_TOPIC);
        leave ??= hub.subscribe(deliver);
      } else if (frame.command === 'UNSUBSCRIBE') {
        subscriptions.delete(required(h, 'id'));
      } else if (frame.command === 'SEND') {
        if (required(h, 'destination') !== QUERY_DESTINATION) throw new Refusal('STOMP_UNKNOWN_DESTINATION', { destination: h.destination! });
        const sender = tokenOf(h.token) ?? token;
        if (!(await userOfToken(db, sender, grants))) throw new Refusal('STOMP_UNAUTHORIZED');
        if (!isQuery(frame.body)) throw new Refusal('STOMP_BAD_SYSTEM', { systemId: PUBLISH_SYSTEM_ID });
        if (![...subscriptions.values()].includes(STATUS_TOPIC)) throw new Refusal('STOMP_NO_SUBSCRIPTION', { destination: STATUS_TOPIC });
        deliver(await publishStatusBody(db));
      } else if (frame.command === 'DISCONNECT') {
        if (h.receipt) send('RECEIPT', { 'receipt-id': h.receipt });
        socket.close(1000, 'DISCONNECT');
        return;
      } else {
        // ACK, NACK and transactions: nothing here is acknowledged or transacted.
        throw new Refusal('STOMP_UNKNOWN_COMMAND', { command: frame.command });
      }
      if (h.receipt) send('RECEIPT', { 'receipt-id': h.receipt });
    }
  });

  /** The session a CONNECT stands for: its token header's, else the one that opened the socket; refused when neither is valid. */
  async function connectToken(req: FastifyRequest, header: string | undefined): Promise<string> {
    const own = tokenOf(header);
    if (own) {
      if (await userOfToken(db, own, grants)) return own;
      throw new Refusal('STOMP_UNAUTHORIZED');
    }
    if (req.socketRefusal || !req.sessionToken) throw new Refusal('STOMP_UNAUTHORIZED');
    return req.sessionToken;
  }

  return hub;
}

function required(headers: Readonly<Record<string, string>>, name: string): string {
  const value = headers[name];
  if (!value) throw new Refusal('STOMP_MISSING_HEADER', { header: name });
  return value;
}

/** Whether a SEND's body is the query: {"systemId":101} (the number or its text). */
function isQuery(body: string): boolean {
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null && String((value as { systemId?: unknown }).systemId) === String(PUBLISH_SYSTEM_ID);
  } catch {
    return false;
  }
}
