import { own, pathKeys, stateOptions, text, valueAt, type EntityRegistry, type Language, type RegisteredEntity, type RelayDeclaration } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { docPathArray } from '../db/doc-path-sql.ts';
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
 * stays as it is, and a record whose `field` is empty relays a later event to nobody. A relay with `whenAll` sends only once every record of this entity naming the
 * same target rests in those states; a `forward` relay is the user's event itself (forwardEvent).
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
    if (!mapped || relay.field === undefined) continue;
    if (!registry) throw new Error(`${reg.name}: relays need the entity registry (new EntityService(db, linked, registry))`);
    const targetReg = registry.get(relay.entity);
    const value = valueAt(doc, relay.field);
    const ids = Array.isArray(value) ? value : [value];
    const field = [{ field: relay.field, keyword: 'relay', message: relay.field }];
    for (const id of ids) {
      // A record naming no target (an invoice issued for no statement) relays its events to nobody; one is made for its target.
      if ((id === undefined || id === null || id === '') && event !== '$create') continue;
      const target = typeof id === 'string' && id ? await getRecord(tx, targetReg, id, user ? scopeOf(user, registry) : { all: true }, true) : undefined;
      if (!target) throw new ApiError(400, 'RELAY_TARGET_MISSING', { entity: text(targetReg.entity.label, lang, relay.entity) }, field);
      if (event === '$create' && relay.requires && valueAt(target.doc, relay.requires.field) !== relay.requires.equals) {
        throw new ApiError(400, 'RELAY_REFUSED', { message: text(relay.requires.message, lang, '') }, field);
      }
      if (relay.whenAll && !(await allRestIn(tx, reg, relay.field, target.id, relay.whenAll))) continue;
      await send(tx, targetReg, target, { type: mapped, payload });
    }
  }
}

/** Whether every record of `reg` whose `field` holds `targetId` rests in one of the states (per lifecycle field). */
async function allRestIn(tx: Queryable, reg: RegisteredEntity, field: string, targetId: string, states: Readonly<Record<string, readonly string[]>>): Promise<boolean> {
  for (const [region, list] of Object.entries(states)) {
    const { rows } = await tx.query(
      `select 1 from records where entity = $1 and doc #>> $2 = $3 and not (coalesce(states ->> $4, '') = any($5::text[])) limit 1`,
      [reg.name, docPathArray(pathKeys(field)), targetId, region, [...list]],
    );
    if (rows.length) return false;
  }
  return true;
}

/** The `forward` relay mapping a user's event of this entity, if any. */
export function forwardOf(reg: RegisteredEntity, event: string): (RelayDeclaration & { forward: string }) | undefined {
  return (reg.entity.relays ?? []).find((r): r is RelayDeclaration & { forward: string } => r.forward !== undefined && own(r.events, event) !== undefined);
}

/** The most records of the target a forwarded event looks through, newest first. */
const FORWARD_CANDIDATES = 20;

/**
 * A user's event a `forward` relay maps (a TRF's Confirm quotation): sent, as the same user's event
 * (`sendAsUser`: the target's permission, party, payload and machine), to the newest record of the
 * relay's entity naming this one by `forward` whose state takes the mapped event; this record then
 * moves by what that record relays back, never by itself, so each record makes one transition.
 * None the user may write: 400 `RELAY_TARGET_MISSING`; none taking the event: 409
 * `EVENT_NOT_ALLOWED` naming the newest one's state.
 */
export async function forwardEvent(
  tx: Queryable,
  registry: EntityRegistry,
  relay: RelayDeclaration & { forward: string },
  source: EntityRecord,
  event: { type: string; payload: Doc },
  user: SessionUser,
  lang: Language,
  sendAsUser: SendToRecord,
): Promise<void> {
  const targetReg = registry.get(relay.entity);
  const mapped = relay.events[event.type]!;
  const { rows } = await tx.query<{ id: string }>(
    'select id from records where entity = $1 and doc #>> $2 = $3 order by created_at desc, id desc limit $4',
    [targetReg.name, docPathArray(pathKeys(relay.forward)), source.id, FORWARD_CANDIDATES],
  );
  let newest: EntityRecord | undefined;
  for (const { id } of rows) {
    const target = await getRecord(tx, targetReg, id, scopeOf(user, registry), true);
    if (!target) continue;
    newest ??= target;
    if (await sendAsUser(tx, targetReg, target, { type: mapped, payload: event.payload })) return;
  }
  if (!newest) throw new ApiError(400, 'RELAY_TARGET_MISSING', { entity: text(targetReg.entity.label, lang, relay.entity) });
  const [region] = Object.keys(targetReg.entity.lifecycle?.regions ?? {});
  const leaf = region ? newest.states[region] : undefined;
  const state = stateOptions(targetReg, region ?? '', lang).find((o) => o.value === leaf)?.label ?? leaf ?? '';
  throw new ApiError(409, 'EVENT_NOT_ALLOWED', { state, action: text(own(targetReg.entity.actions, mapped)?.label, lang, mapped) });
}
