import type { EntityDeclaration, EntitySchema, NotifyDeclaration } from './types.ts';
import { LANGUAGES } from './types.ts';
import { pointer } from './errors.ts';
import { fieldAt } from '../schema/resolve.ts';
import type { DeclaredEffect } from '../lifecycle/effects.ts';
import { MAIL_SYSTEM_PLACEHOLDERS, placeholdersOf } from './mail.ts';

/**
 * Declared notifications (docs/declarations.md §4, notifications): an entity's `notify` names, by
 * notification event, the machine events that raise it; the server queues one `notify` effect
 * per raised event with the transition, in its transaction.
 */
export const NOTIFY_EFFECT = 'notify';

/** The `on` entry of a record's creation (its machine's initial state). */
export const ON_CREATE = '$create';

/** The `notify` effects a machine event raises on a record of the entity. */
export function notificationsOn(entity: Pick<EntityDeclaration, 'notify'>, machineEvent: string): DeclaredEffect[] {
  return Object.entries(entity.notify ?? {})
    .filter(([, n]) => n.on.includes(machineEvent))
    .map(([event]) => ({ kind: NOTIFY_EFFECT, params: { event } }));
}

/** The notification a `notify` effect names, when the entity declares it. */
export function declaredNotification(entity: Pick<EntityDeclaration, 'notify'>, event: unknown): NotifyDeclaration | undefined {
  return typeof event === 'string' && entity.notify && Object.hasOwn(entity.notify, event) ? entity.notify[event] : undefined;
}

/** Checks an entity's `notify`: each `on` is an event of its machine, each company path and placeholder a document path; and its `handledBy` field. */
export function checkNotify(entity: EntityDeclaration, schema: EntitySchema, machineEvents: ReadonlySet<string> | undefined, fail: (path: string, message: string) => void): void {
  if (entity.handledBy && !fieldAt(schema, entity.handledBy.field)) fail(pointer('handledBy', 'field'), `'${entity.handledBy.field}' is not a field of the entity's schema`);
  for (const [name, n] of Object.entries(entity.notify ?? {})) {
    n.on.forEach((event, i) => {
      if (event !== ON_CREATE && !machineEvents?.has(event)) fail(pointer('notify', name, 'on', i), `'${event}' is not an event of the entity's machine`);
    });
    n.companies?.forEach((path, i) => {
      if (!fieldAt(schema, path)) fail(pointer('notify', name, 'companies', i), `'${path}' is not a field of the entity's schema`);
    });
    for (const part of ['subject', 'body'] as const) {
      for (const lang of LANGUAGES) {
        for (const p of placeholdersOf(n[part][lang] ?? '')) {
          const known = p.startsWith('$') ? (MAIL_SYSTEM_PLACEHOLDERS as readonly string[]).includes(p) : Boolean(fieldAt(schema, p));
          if (!known) fail(pointer('notify', name, part, lang), `the placeholder '{${p}}' is not a document path of the entity's schema nor one of ${MAIL_SYSTEM_PLACEHOLDERS.join(', ')}`);
        }
      }
    }
  }
}
