import { initialTransition, transition, type AnyStateMachine } from 'xstate';
import { restore, toPersisted, type LifecycleEvent, type PersistedSnapshot } from './snapshot.ts';
import { effectsOf, type DeclaredEffect } from './effects.ts';

/**
 * A delayed event (`after`) a record is waiting for: the machine's event type and when it is
 * due. The server stores them with the record and a worker sends each when due (docs/declarations.md §4).
 */
export interface PendingTimer {
  event: string;
  due: string;
}

/** A transition's result: the next snapshot, the timers it leaves pending and the effects it declares. */
export interface Step {
  snapshot: PersistedSnapshot;
  timers: PendingTimer[];
  effects: DeclaredEffect[];
}

type ActionLike = { type?: unknown; params?: unknown };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The timers after a transition: XState reports an entered state's `after` as a delayed `raise`
 * (delay resolved, named delays included) and a left state's as a `cancel`, so the pending list
 * is the old one minus the cancelled plus the raised, each due `delay` ms after `now`.
 */
export function nextTimers(pending: readonly PendingTimer[], actions: readonly ActionLike[], now: Date): PendingTimer[] {
  let out = [...pending];
  for (const action of actions) {
    const params = isRecord(action.params) ? action.params : {};
    if (action.type === 'xstate.cancel' && typeof params.sendId === 'string') out = out.filter((t) => t.event !== params.sendId);
    if (action.type === 'xstate.raise' && typeof params.delay === 'number' && isRecord(params.event) && typeof params.event.type === 'string') {
      const event = params.event.type;
      out = [...out.filter((t) => t.event !== event), { event, due: new Date(now.getTime() + params.delay).toISOString() }];
    }
  }
  return out.sort((a, b) => a.due.localeCompare(b.due));
}

/** The initial snapshot and the timers its states start. */
export function initialStep(machine: AnyStateMachine, now: Date): Step {
  const [snapshot, actions] = initialTransition(machine);
  return { snapshot: toPersisted(machine, snapshot), timers: nextTimers([], actions, now), effects: effectsOf(actions) };
}

/**
 * Applies an event (a user's, or a due timer's: the timer is consumed) and returns the next
 * snapshot with the timers left pending; undefined when the state does not take the event.
 */
export function step(machine: AnyStateMachine, persisted: PersistedSnapshot, pending: readonly PendingTimer[], event: LifecycleEvent, now: Date): Step | undefined {
  const current = restore(machine, persisted);
  if (!current.can(event as never)) return undefined;
  const [next, actions] = transition(machine, current, event as never);
  return { snapshot: toPersisted(machine, next), timers: nextTimers(pending.filter((t) => t.event !== event.type), actions, now), effects: effectsOf(actions) };
}

/** Whether an event type is a delayed (`after`) event rather than a user's action. */
export const isTimerEvent = (type: string): boolean => type.startsWith('xstate.after.');
