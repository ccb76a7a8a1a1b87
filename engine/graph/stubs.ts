import { fromCallback, type AnyStateMachine } from 'xstate';
import type { StatechartGraph } from './types.ts';

/**
 * The machine with every invoked actor replaced by one that does nothing and never finishes:
 * simulations and tests then deliver the actors' done/error events by hand, and no side effect
 * (request, socket, email) ever runs.
 */
export function withInertActors(machine: AnyStateMachine, graph: StatechartGraph): AnyStateMachine {
  const names = new Set<string>();
  for (const node of graph.nodes.values()) for (const inv of node.invoke) if (inv.src !== 'inline') names.add(inv.src);
  if (!names.size) return machine;
  const actors = Object.fromEntries([...names].map((name) => [name, fromCallback(() => undefined)]));
  return machine.provide({ actors } as never);
}
