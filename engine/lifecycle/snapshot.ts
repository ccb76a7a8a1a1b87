import { createActor, initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { regionLeaf } from './regions.ts';

/** A machine snapshot as stored with a record (JSON). */
export type PersistedSnapshot = { value: unknown; historyValue?: unknown; status?: string; context?: unknown } & Record<string, unknown>;

export interface LifecycleEvent {
  type: string;
  [key: string]: unknown;
}

export function initialSnapshot(machine: AnyStateMachine): PersistedSnapshot {
  const [snapshot] = initialTransition(machine);
  return toPersisted(machine, snapshot);
}

/** A machine's snapshot resting in a state (machines whose records keep no context). */
export function snapshotIn(machine: AnyStateMachine, state: string): PersistedSnapshot {
  return toPersisted(machine, machine.resolveState({ value: state, context: {} }));
}

/** Where a record created through the API starts: the entity's `lifecycle.createdIn`, else the machine's initial state. */
export function creationSnapshot(machine: AnyStateMachine, createdIn: string | undefined): PersistedSnapshot {
  return createdIn ? snapshotIn(machine, createdIn) : initialSnapshot(machine);
}

export function toPersisted(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): PersistedSnapshot {
  return JSON.parse(JSON.stringify(machine.getPersistedSnapshot(snapshot))) as PersistedSnapshot;
}

/** Restores a stored snapshot (history values included) without starting an actor. */
export function restore(machine: AnyStateMachine, persisted: PersistedSnapshot): AnyMachineSnapshot {
  return createActor(machine, { snapshot: persisted as never }).getSnapshot() as AnyMachineSnapshot;
}

/** Whether the machine, in this stored state, takes the event (guards included). */
export function canTake(machine: AnyStateMachine, persisted: PersistedSnapshot, event: LifecycleEvent): boolean {
  return restore(machine, persisted).can(event as never);
}

/** Applies the event; undefined when the state does not take it. Pure: nothing is started. */
export function applyEvent(
  machine: AnyStateMachine,
  persisted: PersistedSnapshot,
  event: LifecycleEvent,
): PersistedSnapshot | undefined {
  const current = restore(machine, persisted);
  if (!current.can(event as never)) return undefined;
  const [next] = transition(machine, current, event as never);
  return toPersisted(machine, next);
}

/** System state fields of a snapshot: `{ $status: 'testing', $quotationStatus: 'none' }`. */
export function stateFields(regions: Record<string, string>, persisted: PersistedSnapshot): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, region] of Object.entries(regions)) out[field] = regionLeaf(persisted.value, region);
  return out;
}

/** The `meta` objects of every active state node, innermost last. */
export function activeMeta(machine: AnyStateMachine, persisted: PersistedSnapshot): Record<string, unknown>[] {
  const snapshot = restore(machine, persisted);
  return Object.values(snapshot.getMeta() as Record<string, Record<string, unknown> | undefined>).filter(
    (m): m is Record<string, unknown> => Boolean(m),
  );
}
