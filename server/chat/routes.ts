import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { GrantSource } from '../auth/roles.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ok } from '../http/errors.ts';
import { answers } from '../http/route-schemas.ts';
import { scopeOf } from '../entities/visibility.ts';
import { unreadChats } from './chat-repo.ts';
import { ChatHub } from './chat-hub.ts';
import { chatSocketRoutes } from './socket-routes.ts';
import type { NotificationHub } from '../notifications/notification-hub.ts';

const str = { type: 'string' };
const UNREAD = {
  tags: ['chat'],
  response: answers({
    type: 'object',
    required: ['total', 'chats'],
    properties: {
      total: { type: 'integer' },
      chats: {
        type: 'array',
        items: { type: 'object', required: ['entity', 'recordId', 'number', 'count'], properties: { entity: str, recordId: str, number: str, count: { type: 'integer' } } },
      },
    },
  }),
};

/** The largest frame a client may send (a message is at most 2,000 characters). */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Chat (docs/architecture.md, Chat): the socket at /ws (socket-routes.ts) with its hub listening for
 * every process's messages, and the user's unread chats for the header (GET /api/chat/unread).
 */
export async function chatRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, grants: GrantSource, notifications?: NotificationHub): Promise<ChatHub> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const hub = new ChatHub(db);
  await hub.start();
  app.addHook('onClose', () => hub.close());
  chatSocketRoutes(app, db, registry, grants, hub, notifications);
  app.get('/api/chat/unread', { schema: UNREAD }, async (req) => {
    const user = currentUser(req);
    return ok(await unreadChats(db, registry, user.id, scopeOf(user, registry)));
  });
  return hub;
}
