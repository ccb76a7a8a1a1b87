import { text, valueAt, type EntityRegistry, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { getRecord, type EntityRecord } from './records-repo.ts';
import { scopeOf } from './visibility.ts';

type Doc = Record<string, unknown>;

/** Sends one event to a record in the caller's transaction (the service's own transition path); whether it moved. */
export type SendToRecord = (tx: Queryable, reg: RegisteredEntity, target: EntityRecord, event: { type: string; payload: Doc }) => Promise<boolean>;

/**
 * An entity's `relays` (docs/declarations.md §3): after this record was made (`$create`) or took
 * `event`, each relay whose `events` names it sends its mapped event to the record its `field`
 * names — or to each record of an array of ids (a statement's gathered quotations) — in the same
 * transaction. A target must be a record the user sees (400 `RELAY_TARGET_MISSING` otherwise) and,
 * on `$create`, hold the relay's `requires` value; a target whose state does not take the event
 * stays as it is.
 */
export async function runRelays(
  tx: Queryable,
  registry: EntityRegistry | undefined,
  reg: RegisteredEntity,
  doc: Doc,
  event: string,
  payload: Doc,
  user: SessionUser | null,
  lang: Language,
  send: SendToRecord,
): Promise<void> {
  for (const relay of reg.entity.relays ?? []) {
    const mapped = relay.events[event];
    if (!mapped) continue;
    if (!registry) throw new Error(`${reg.name}: relays need the entity registry (new EntityService(db, linked, registry))`);
    const targetReg = registry.get(relay.entity);
    const value = valueAt(doc, relay.field);
    const ids = Array.isArray(value) ? value : [value];
    const field = [{ field: relay.field, keyword: 'relay', message: relay.field }];
    for (const id of ids) {
      const target = typeof id === 'string' && id ? await getRecord(tx, targetReg, id, user ? scopeOf(user, registry) : { all: true }, true) : undefined;
      if (!target) throw new ApiError(400, 'RELAY_TARGET_MISSING', { entity: text(targetReg.entity.label, lang, relay.entity) }, field);
      if (event === '$create' && relay.requires && valueAt(target.doc, relay.requires.field) !== relay.requires.equals) {
        throw new ApiError(400, 'RELAY_REFUSED', { message: text(relay.requires.message, lang, '') }, field);
      }
      await send(tx, targetReg, target, { type: mapped, payload });
    }
  }
}
