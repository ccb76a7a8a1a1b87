import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/errors.ts';
import { answers, pathParams, type JsonSchema } from '../http/route-schemas.ts';
import { getPreferences, listNotifications, markAllRead, NOTIFY_CHANNELS, setPreferences, setRead } from './notifications-repo.ts';

const TAGS = ['notifications'];
const PAGE = 20;
const NOTIFICATION: JsonSchema = {
  type: 'object',
  required: ['id', 'event', 'entity', 'recordId', 'title', 'body', 'createdAt', 'read'],
  properties: {
    id: { type: 'integer' },
    event: { type: 'string' },
    entity: { type: 'string' },
    recordId: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string' },
    createdAt: { type: 'string' },
    read: { type: 'boolean' },
  },
};
const CHANNELS: JsonSchema = {
  type: 'array',
  uniqueItems: true,
  items: { type: 'string', enum: [...NOTIFY_CHANNELS] },
};

/**
 * The user's in-app notifications (docs/api.md, Notifications): the latest page with the unread
 * count, read/unread, all read; and the user's own channels per event, which replace their
 * company's setting for them (`events`: the notification events of schemas/notificationSetting/).
 */
export function notificationRoutes(app: FastifyInstance, db: Database, events: readonly string[]): void {
  const preferences: JsonSchema = {
    type: 'object',
    propertyNames: { enum: [...events] },
    additionalProperties: CHANNELS,
  };
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: TAGS,
        querystring: {
          type: 'object',
          properties: {
            before: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' },
          },
        },
        response: answers({
          type: 'object',
          required: ['unread', 'items'],
          properties: {
            unread: { type: 'integer' },
            items: { type: 'array', items: NOTIFICATION },
          },
        }),
      },
    },
    async (req) => ok(await listNotifications(db, currentUser(req).id, PAGE, Number((req.query as { before?: string }).before ?? 0) || undefined)),
  );
  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: TAGS,
        params: {
          ...pathParams('id'),
          properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
        },
        body: {
          type: 'object',
          required: ['read'],
          additionalProperties: false,
          properties: { read: { type: 'boolean' } },
        },
        response: answers(),
      },
    },
    async (req) => {
      const id = Number((req.params as { id: string }).id);
      if (!(await setRead(db, currentUser(req).id, id, (req.body as { read: boolean }).read))) throw new ApiError(404, 'NOT_FOUND');
      return ok(null);
    },
  );
  app.post('/api/notifications/read-all', { schema: { tags: TAGS, response: answers() } }, async (req) => {
    await markAllRead(db, currentUser(req).id);
    return ok(null);
  });
  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags: TAGS,
        response: answers({
          type: 'object',
          required: ['events', 'preferences'],
          properties: {
            events: { type: 'array', items: { type: 'string' } },
            preferences: { type: 'object', additionalProperties: CHANNELS },
          },
        }),
      },
    },
    async (req) =>
      ok({
        events,
        preferences: await getPreferences(db, currentUser(req).id),
      }),
  );
  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags: TAGS,
        body: {
          type: 'object',
          required: ['preferences'],
          additionalProperties: false,
          properties: { preferences },
        },
        response: answers(),
      },
    },
    async (req) => {
      const user = currentUser(req);
      await db.transaction((tx) => setPreferences(tx, user.id, (req.body as { preferences: Record<string, ('email' | 'inApp')[]> }).preferences));
      return ok(null);
    },
  );
}
