import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot, type RegisteredEntity } from '../../../engine/index.ts';
import type { HistoryEntryLike } from '../../../engine/graph/index.ts';

type Step = { type: string; [key: string]: unknown };

/** A record of a registered entity after some events, with the audit trail the server would keep. */
export function sampleRecord(reg: RegisteredEntity, events: readonly Step[]): { record: { snapshot: PersistedSnapshot; doc: Record<string, unknown> }; history: HistoryEntryLike[] } {
  const machine = reg.machine!;
  const regions = reg.entity.lifecycle?.regions ?? {};
  let snapshot = initialSnapshot(machine);
  const history: HistoryEntryLike[] = [{ kind: 'create', toStates: stateFields(regions, snapshot) }];
  for (const event of events) {
    const next = applyEvent(machine, snapshot, event);
    if (!next) throw new Error(`${event.type} is not taken in ${JSON.stringify(snapshot.value)}`);
    history.push({ kind: 'event', event: event.type, fromStates: stateFields(regions, snapshot), toStates: stateFields(regions, next) });
    snapshot = next;
  }
  return { record: { snapshot, doc: { [reg.entity.titleField]: 'TRF000042' } }, history };
}
