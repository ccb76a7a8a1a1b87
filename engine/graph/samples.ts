import type { AnyStateMachine, EventObject } from 'xstate';
import type { ActionDeclaration } from '../declaration/types.ts';
import { sampleValue } from '../schema/sample.ts';
import type { StatechartGraph } from './types.ts';

interface MachineEventsMeta {
  events?: Record<string, { examples?: readonly Record<string, unknown>[] }>;
}

/**
 * Example events for every transition a reviewer (or a test) can fire, by event type:
 * - events of an entity-bound machine: a payload sampled from the action's payloadSchema;
 * - events declared in the machine's root meta: its example payloads (one per guarded branch);
 * - delayed transitions: the XState `xstate.after.…` event (fired by hand instead of waiting);
 * - invoked actors' done/error events: the declared examples, else a bare output/error.
 * Eventless and state-done transitions follow from the others and get none.
 */
export function sampleEvents(
  graph: StatechartGraph,
  machine: AnyStateMachine,
  actions?: Readonly<Record<string, ActionDeclaration>>,
): Map<string, EventObject[]> {
  const declared = (machine.root.meta as MachineEventsMeta | undefined)?.events ?? {};
  const out = new Map<string, EventObject[]>();
  for (const edge of graph.edges) {
    const type = edge.eventType;
    if (!type || out.has(type) || edge.kind === 'always' || edge.kind === 'stateDone') continue;
    const list: EventObject[] = [];
    const schema = actions?.[type]?.payloadSchema;
    if (schema) list.push({ ...(sampleValue(schema) as Record<string, unknown>), type });
    for (const example of declared[type]?.examples ?? []) list.push({ ...example, type });
    if (!list.length) {
      if (edge.kind === 'done') list.push({ type, output: undefined } as EventObject);
      else if (edge.kind === 'error') list.push({ type, error: new Error(`${edge.actorId} failed`) } as EventObject);
      else list.push({ type });
    }
    out.set(type, list);
  }
  return out;
}

/** Every sample event in one list (the model-based tests' event alphabet). */
export function allSampleEvents(samples: ReadonlyMap<string, EventObject[]>): EventObject[] {
  return [...samples.values()].flat();
}
