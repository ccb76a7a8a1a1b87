import { createActor, SimulatedClock, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { ActionDeclaration } from '../../engine/index.ts';
import { allSampleEvents, describeMachine, sampleEvents, transitionIdOf, withInertActors, type ChartEdge, type StatechartGraph } from '../../engine/graph/index.ts';

/**
 * Model-based testing of a lifecycle machine. Paths come from xstate/graph (shortest paths to
 * every state, plus the adjacency map for every (state, event) pair); each path is replayed on a
 * real actor of the machine, whose inspection stream tells which transition definitions ran.
 *
 * Invoked actors are replaced by inert ones (machine.provide) and their done/error events are
 * delivered by the test — only while the actor is really running. Delayed transitions are fired
 * by their XState event during traversal (the timer itself is checked separately, on a
 * simulated clock: not before its delay, exactly at it).
 */

type TransitionDef = Parameters<typeof transitionIdOf>[0];

export interface MachineModel {
  id: string;
  machine: AnyStateMachine;
  /** The machine with inert invoked actors. */
  testable: AnyStateMachine;
  graph: StatechartGraph;
  events: EventObject[];
}

export function modelOf(id: string, machine: AnyStateMachine, actions?: Readonly<Record<string, ActionDeclaration>>): MachineModel {
  const graph = describeMachine(machine);
  return { id, machine, testable: withInertActors(machine, graph), graph, events: allSampleEvents(sampleEvents(graph, machine, actions)) };
}

function serialize(s: AnyMachineSnapshot): string {
  const history = Object.fromEntries(
    Object.entries((s.historyValue ?? {}) as Record<string, { id: string }[]>).map(([k, v]) => [k, v.map((n) => n.id)]),
  );
  const context = s.context && Object.keys(s.context).length ? s.context : undefined;
  return JSON.stringify([s.value, context, history]);
}

export interface TransitionCase {
  name: string;
  events: EventObject[];
  /** The state value the model predicts after the last event. */
  expected: unknown;
}

export interface ModelTraversal {
  cases: TransitionCase[];
  /** Serialised state → its snapshot and the shortest event path to it. */
  states: Map<string, { snapshot: AnyMachineSnapshot; path: EventObject[] }>;
}

/** One case per (reachable state, event that takes a transition there). */
export function traverse(model: MachineModel): ModelTraversal {
  const options = { events: model.events, serializeState: serialize } as never;
  const states = new Map<string, { snapshot: AnyMachineSnapshot; path: EventObject[] }>();
  for (const p of getShortestPaths(model.testable, options)) {
    const snapshot = p.state as unknown as AnyMachineSnapshot;
    states.set(serialize(snapshot), { snapshot, path: p.steps.slice(1).map((s) => s.event as EventObject) });
  }
  const cases: TransitionCase[] = [];
  const adjacency = getAdjacencyMap(model.testable, options) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = states.get(key)?.path;
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const defs = model.testable.getTransitionData(state as never, event as never);
      if (!defs.length) continue;
      cases.push({ name: `${JSON.stringify(state.value)} + ${event.type}`, events: [...prefix, event], expected: next.value });
    }
  }
  return { cases, states };
}

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;

export interface Replay {
  taken: string[];
  actor: ReturnType<typeof createActor<AnyStateMachine>>;
  clock: SimulatedClock;
  problems: string[];
}

/** Replays events on a real actor (simulated clock, never advanced unless the caller does). */
export function replay(model: MachineModel, events: readonly EventObject[]): Replay {
  const taken: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(model.testable, {
    clock,
    inspect: (e) => {
      if (e.type === '@xstate.microstep') for (const t of (e as unknown as { _transitions: TransitionDef[] })._transitions) taken.push(transitionIdOf(t));
    },
  });
  const problems: string[] = [];
  actor.subscribe({ error: (err) => problems.push(`actor error: ${String(err)}`) });
  actor.start();
  for (const event of events) {
    const invoked = ACTOR_EVENT.exec(event.type);
    const children = actor.getSnapshot().children as Record<string, AnyActorRef | undefined>;
    if (invoked && !children[invoked[2]!]) problems.push(`${event.type} delivered while actor '${invoked[2]}' is not running`);
    actor.send(event);
  }
  return { taken, actor, clock, problems };
}

/** The delay of an `after` edge in ms, resolving named (and computed) delays. */
export function delayMs(model: MachineModel, edge: ChartEdge, snapshot: AnyMachineSnapshot): number {
  if (edge.delay?.ms !== undefined) return edge.delay.ms;
  const named = (model.machine.implementations.delays as Record<string, unknown>)[edge.delay?.name ?? ''];
  if (typeof named === 'function') return (named as (a: { context: unknown; event: unknown }) => number)({ context: snapshot.context, event: { type: '' } });
  throw new Error(`Delay of ${edge.id} cannot be resolved`);
}

/** A reachable state where the timer's transition is enabled, and the path to it. */
export function timerStart(model: MachineModel, t: ModelTraversal, edge: ChartEdge): { snapshot: AnyMachineSnapshot; path: EventObject[] } | undefined {
  const candidates = [...t.states.values()].sort((a, b) => a.path.length - b.path.length);
  return candidates.find(({ snapshot }) =>
    (model.testable.getTransitionData(snapshot as never, { type: edge.eventType } as never) as unknown as TransitionDef[]).some((d) => transitionIdOf(d) === edge.id),
  );
}
