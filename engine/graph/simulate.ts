import { createActor, SimulatedClock, type AnyStateMachine, type EventObject } from 'xstate';
import type { PersistedSnapshot } from '../lifecycle/snapshot.ts';
import { transitionIdOf } from './describe.ts';
import { transitionsFor } from './live.ts';
import { withInertActors } from './stubs.ts';
import type { ChartEdge, StatechartGraph } from './types.ts';

/**
 * Simulation mode: a reviewer fires events and watches the machine move. Each step runs a real
 * actor of the machine (restored from the previous snapshot) with inert invoked actors and a
 * clock that never advances, reads the transitions it took from the inspection stream, and
 * stops it: nothing is stored, sent or scheduled.
 */

export interface SimulationStep {
  /** 0 for the start, then 1, 2, … */
  index: number;
  event: EventObject;
  /** Transitions taken (eventless ones included), in order. */
  edgeIds: string[];
  /** Active leaf states after the step. */
  states: string[];
}

export interface Simulation {
  snapshot: PersistedSnapshot;
  active: Set<string>;
  steps: SimulationStep[];
}

type TransitionDef = Parameters<typeof transitionIdOf>[0];

function run(machine: AnyStateMachine, graph: StatechartGraph, from: PersistedSnapshot | undefined, event: EventObject | undefined) {
  const taken: string[] = [];
  const actor = createActor(withInertActors(machine, graph), {
    clock: new SimulatedClock(),
    ...(from ? { snapshot: from as never } : {}),
    inspect: (e) => {
      if (e.type === '@xstate.microstep') for (const t of (e as unknown as { _transitions: TransitionDef[] })._transitions) taken.push(transitionIdOf(t));
    },
  });
  actor.start();
  if (event) actor.send(event);
  const snapshot = actor.getSnapshot();
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as PersistedSnapshot;
  const nodes = (snapshot as unknown as { _nodes: { id: string; type: string }[] })._nodes;
  actor.stop();
  return {
    persisted,
    taken,
    active: new Set(nodes.map((n) => n.id)),
    leaves: nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id),
  };
}

/** A fresh simulation at the machine's initial state, or from a stored snapshot (a record's). */
export function startSimulation(machine: AnyStateMachine, graph: StatechartGraph, from?: PersistedSnapshot): Simulation {
  const r = run(machine, graph, from, undefined);
  return { snapshot: r.persisted, active: r.active, steps: [{ index: 0, event: { type: 'xstate.init' }, edgeIds: r.taken, states: r.leaves }] };
}

/** The simulation after one more event; undefined when the machine does not take it. */
export function simulateEvent(machine: AnyStateMachine, graph: StatechartGraph, sim: Simulation, event: EventObject): Simulation | undefined {
  if (!transitionsFor(machine, sim.snapshot, event).length) return undefined;
  const r = run(machine, graph, sim.snapshot, event);
  return { snapshot: r.persisted, active: r.active, steps: [...sim.steps, { index: sim.steps.length, event, edgeIds: r.taken, states: r.leaves }] };
}

/** A transition the reviewer can fire from the current state, with the event that takes it. */
export interface SimulationChoice {
  edge: ChartEdge;
  /** The first sample event that takes this very transition; undefined when none does now. */
  event?: EventObject;
}

/** Every transition leaving an active state, with the sample event (if any) that takes it now. */
export function simulationChoices(
  machine: AnyStateMachine,
  graph: StatechartGraph,
  sim: Simulation,
  samples: ReadonlyMap<string, EventObject[]>,
): SimulationChoice[] {
  const choices: SimulationChoice[] = [];
  for (const edge of graph.edges) {
    if (edge.kind === 'always' || edge.kind === 'stateDone' || !sim.active.has(edge.sourceId)) continue;
    const event = (samples.get(edge.eventType) ?? []).find((e) => transitionsFor(machine, sim.snapshot, e).includes(edge.id));
    choices.push(event ? { edge, event } : { edge });
  }
  return choices;
}
