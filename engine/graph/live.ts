import type { AnyStateMachine, EventObject } from 'xstate';
import { restore, type PersistedSnapshot } from '../lifecycle/snapshot.ts';
import { ancestorsOf, isSelfOrAncestor, transitionIdOf } from './describe.ts';
import type { ChartEdge, ChartNode, StatechartGraph } from './types.ts';

/**
 * Live mode: where a record is, which transitions it can take now, and the path it took.
 */

type TransitionDef = Parameters<typeof transitionIdOf>[0];

/** The ids of the active state nodes of a stored snapshot (ancestors included). */
export function activeStateIds(machine: AnyStateMachine, persisted: PersistedSnapshot): Set<string> {
  return new Set(restore(machine, persisted)._nodes.map((n: { id: string }) => n.id));
}

/** The transitions an event would take from a stored snapshot (guards evaluated, nothing run). */
export function transitionsFor(machine: AnyStateMachine, persisted: PersistedSnapshot, event: EventObject): string[] {
  const snapshot = restore(machine, persisted);
  const defs = machine.getTransitionData(snapshot as never, event as never) as unknown as TransitionDef[];
  return defs.map(transitionIdOf);
}

/** An event with whether the machine takes it now and whether the user may send it. */
export interface EventAvailability {
  event: string;
  possible: boolean;
  permitted: boolean;
}

export interface LiveTransitions {
  /** Transitions the machine takes now and the user may trigger. */
  takeable: Set<string>;
  /** Transitions the machine would take now but the user may not trigger. */
  forbidden: Set<string>;
}

/** Sorts the transitions open from the record's state by what the user may do (deriveActions). */
export function liveTransitions(
  machine: AnyStateMachine,
  persisted: PersistedSnapshot,
  availability: readonly EventAvailability[],
  samples: ReadonlyMap<string, EventObject[]>,
): LiveTransitions {
  const out: LiveTransitions = { takeable: new Set(), forbidden: new Set() };
  for (const a of availability) {
    if (!a.possible) continue;
    for (const event of samples.get(a.event) ?? [{ type: a.event }]) {
      for (const id of transitionsFor(machine, persisted, event)) (a.permitted ? out.takeable : out.forbidden).add(id);
    }
  }
  return out;
}

/** An audit entry as the API returns it (docs/api.md AuditEntry); only events matter here. */
export interface HistoryEntryLike {
  kind: string;
  event?: string;
  fromStates?: Readonly<Record<string, string>>;
  toStates?: Readonly<Record<string, string>>;
}

export interface HistoryPath {
  /** Transition id → the step numbers (1-based) at which the record took it. */
  edges: Map<string, number[]>;
  /** States the record has been in. */
  states: Set<string>;
}

function regionRoot(graph: StatechartGraph, region: string): ChartNode | undefined {
  const root = graph.nodes.get(graph.rootId)!;
  if (region === '.') return root;
  return root.childIds.map((id) => graph.nodes.get(id)!).find((n) => n.key === region);
}

function findInRegion(graph: StatechartGraph, region: ChartNode, key: string | undefined): ChartNode | undefined {
  if (!key) return undefined;
  for (const node of graph.nodes.values()) {
    if (node.key === key && node.type !== 'history' && isSelfOrAncestor(graph, region.id, node.id)) return node;
  }
  return undefined;
}

function targetReaches(graph: StatechartGraph, edge: ChartEdge, to: ChartNode): boolean {
  return edge.targetIds.some((t) => {
    const target = graph.nodes.get(t);
    if (!target) return false;
    const resolved = target.type === 'history' && target.parentId ? target.parentId : t;
    return isSelfOrAncestor(graph, resolved, to.id);
  });
}

/**
 * The path a record took, from its audit trail: each event entry is matched, region by region
 * (`regions`: state field → top-level region, as the entity's lifecycle declares), to the
 * transition leaving the state it was in (or an ancestor) for the state it reached.
 */
export function historyPath(graph: StatechartGraph, history: readonly HistoryEntryLike[], regions: Readonly<Record<string, string>>): HistoryPath {
  const out: HistoryPath = { edges: new Map(), states: new Set() };
  let step = 0;
  for (const entry of history) {
    for (const [field, region] of Object.entries(regions)) {
      const root = regionRoot(graph, region);
      if (!root) continue;
      for (const key of [entry.fromStates?.[field], entry.toStates?.[field]]) {
        const node = findInRegion(graph, root, key);
        if (node) out.states.add(node.id);
      }
    }
    if (entry.kind !== 'event' || !entry.event) continue;
    step += 1;
    for (const [field, region] of Object.entries(regions)) {
      const root = regionRoot(graph, region);
      const from = root && findInRegion(graph, root, entry.fromStates?.[field]);
      const to = root && findInRegion(graph, root, entry.toStates?.[field]);
      if (!from || !to) continue;
      const sources = new Set([from.id, ...ancestorsOf(graph, from.id)]);
      const matches = graph.edges.filter(
        (e) => e.eventType === entry.event && sources.has(e.sourceId) && (e.targetIds.length ? targetReaches(graph, e, to) : from.id === to.id),
      );
      if (from.id === to.id && !matches.some((e) => e.targetIds.length === 0 || e.targetIds.includes(from.id))) continue;
      for (const e of matches) out.edges.set(e.id, [...(out.edges.get(e.id) ?? []), step]);
    }
  }
  return out;
}
