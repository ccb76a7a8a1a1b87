import { createActor, type AnyStateMachine } from 'xstate';
import { applyEvent, initialSnapshot, type LifecycleEvent, type PersistedSnapshot } from '../../engine/index.ts';

/** A transition definition of a machine, named by source, event, guard and targets. */
export type TransitionId = string;

export interface Step {
  event: LifecycleEvent;
  /** The snapshot after the event. */
  after: PersistedSnapshot;
}

export interface TransitionPath {
  steps: Step[];
  /** The transition the last step exercises. */
  covers: TransitionId[];
}

function idOf(t: { source: { id: string }; eventType: string; target?: readonly { id: string }[]; guard?: unknown }): TransitionId {
  const guard = t.guard ? (typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string }).type ?? 'inline') : '';
  return `${t.source.id} --${t.eventType}${guard ? `[${guard}]` : ''}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`;
}

/** Every transition the machine declares (each guarded branch on its own). */
export function allTransitions(machine: AnyStateMachine): Set<TransitionId> {
  const out = new Set<TransitionId>();
  const walk = (node: any) => {
    for (const defs of node.transitions.values()) for (const t of defs) out.add(idOf(t));
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return out;
}

/** The transitions an event takes from a snapshot, read from the actor's inspection stream. */
function takenTransitions(machine: AnyStateMachine, from: PersistedSnapshot, event: LifecycleEvent): TransitionId[] {
  const taken: TransitionId[] = [];
  const actor = createActor(machine, {
    snapshot: from as never,
    inspect: (e: any) => {
      if (e.type === '@xstate.microstep') for (const t of e._transitions ?? []) taken.push(idOf(t));
    },
  });
  actor.start();
  actor.send(event as never);
  actor.stop();
  return taken;
}

const keyOf = (s: PersistedSnapshot) => JSON.stringify([s.value, s.historyValue ?? {}]);

/**
 * Shortest paths (breadth first) to every reachable state, then one path per (state, event) edge:
 * the shortest path to the state plus that event. Together they take every transition the events
 * can take; `candidates(state)` supplies the events to try, with payloads that satisfy guards.
 */
export function transitionCoveringPaths(
  machine: AnyStateMachine,
  candidates: (snapshot: PersistedSnapshot) => LifecycleEvent[],
): TransitionPath[] {
  const start = initialSnapshot(machine);
  const pathTo = new Map<string, Step[]>([[keyOf(start), []]]);
  const queue: PersistedSnapshot[] = [start];
  const paths: TransitionPath[] = [];
  while (queue.length) {
    const state = queue.shift()!;
    const prefix = pathTo.get(keyOf(state))!;
    for (const event of candidates(state)) {
      const after = applyEvent(machine, state, event);
      if (!after) continue;
      const steps = [...prefix, { event, after }];
      paths.push({ steps, covers: takenTransitions(machine, state, event) });
      if (!pathTo.has(keyOf(after))) {
        pathTo.set(keyOf(after), steps);
        queue.push(after);
      }
    }
  }
  return paths;
}
