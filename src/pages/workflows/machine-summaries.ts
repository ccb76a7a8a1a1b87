import type { AnyStateMachine } from 'xstate';
import type { Language, LocalizedText } from '../../../engine/declaration/types.ts';
import { text } from '../../../engine/i18n/labels.ts';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { describeMachine, machineTitle } from '../../../engine/graph/index.ts';

export interface MachineSummary {
  id: string;
  label: string;
  states: number;
  transitions: number;
  events: number;
  /** The entity whose lifecycle it is, in the language; undefined when none. */
  entity?: string;
  /** Why no product code runs it yet (its meta's specification reason), in the language. */
  specification?: string;
}

/** One row per registered machine: its label and the size of its chart. */
export function summarizeMachines(machines: Record<string, AnyStateMachine>, entities: readonly RegisteredEntity[], lang: Language): MachineSummary[] {
  return Object.entries(machines).map(([id, machine]) => {
    const graph = describeMachine(machine);
    const bound = entities.find((r) => r.entity.lifecycle?.machine === id);
    const summary: MachineSummary = {
      id,
      label: machineTitle(machine, lang),
      states: [...graph.nodes.values()].filter((n) => n.id !== graph.rootId && n.type !== 'history').length,
      transitions: graph.edges.length,
      events: graph.events.length,
    };
    if (bound) summary.entity = text(bound.entity.label, lang, bound.name);
    const specification = (machine.root.meta as { specification?: { reason: LocalizedText } } | undefined)?.specification;
    if (specification) summary.specification = text(specification.reason, lang);
    return summary;
  });
}
