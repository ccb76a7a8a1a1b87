import type { FastifyInstance } from 'fastify';
import type { AccessDeclarations, EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { EffectHandler } from '../effects/runner.ts';
import { checkHandledBy } from '../entities/handled-by.ts';
import { NotificationHub } from './notification-hub.ts';
import { notifyEffect, type ServerNotifications } from './notify-effect.ts';
import { notificationRoutes } from './routes.ts';

/** The notification events: those of the notification settings (schemas/notificationSetting/ `event`). */
export function notificationEvents(registry: EntityRegistry): string[] {
  const schema = registry.list().find((r) => r.name === 'notificationSetting')?.schema;
  const event = schema?.properties?.event as { enum?: unknown[] } | undefined;
  return (event?.enum ?? []).filter((e): e is string => typeof e === 'string');
}

/**
 * Notifications (docs/architecture.md, Notifications): the hub hearing every process's stored
 * notifications, the routes, and the `notify` effect handler. Every entity's `notify` must name
 * a notification event a setting can be made for, else the server does not start; so must each
 * notification of a machine the server drives (`server`: the account machines').
 */
export async function setupNotifications(
  app: FastifyInstance,
  opts: {
    db: Database;
    registry: EntityRegistry;
    outbox: Outbox;
    publicUrl: string;
    access?: AccessDeclarations;
    server?: ServerNotifications;
  },
): Promise<{ hub: NotificationHub; handler: EffectHandler }> {
  const events = notificationEvents(opts.registry);
  for (const reg of opts.registry.list()) {
    for (const event of Object.keys(reg.entity.notify ?? {})) {
      if (!events.includes(event))
        throw new Error(`schemas/${reg.name}/${reg.name}.entity.json at /notify/${event}: '${event}' is not a notification event of schemas/notificationSetting/ (events: ${events.join(', ')})`);
    }
  }
  for (const [machine, raised] of Object.entries(opts.server ?? {})) {
    for (const event of Object.keys(raised)) {
      if (!events.includes(event)) throw new Error(`machine '${machine}' raises '${event}', not a notification event of schemas/notificationSetting/ (events: ${events.join(', ')})`);
    }
  }
  checkHandledBy(opts.registry);
  const hub = new NotificationHub(opts.db);
  await hub.start();
  app.addHook('onClose', () => hub.close());
  notificationRoutes(app, opts.db, events);
  return {
    hub,
    handler: notifyEffect(opts.registry, opts.outbox, () => hub.channel, opts.publicUrl, opts.access, opts.server),
  };
}
