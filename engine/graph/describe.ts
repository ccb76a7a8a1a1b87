import type { AnyStateMachine, StateNode } from 'xstate';
import type { LocalizedText } from '../declaration/types.ts';
import { describeAction, guardText, isTimerBookkeeping } from './format.ts';
import type { ChartDelay, ChartEdge, ChartEdgeKind, ChartInvoke, ChartNode, StatechartGraph } from './types.ts';

type AnyStateNode = StateNode<any, any>;

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
  delay?: unknown;
  description?: string;
}

const AFTER = 'xstate.after.';
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

/** The stable id of one transition definition (also used by the model-based tests). */
export function transitionId(sourceId: string, eventType: string, branch: number): string {
  return `${sourceId}|${eventType || 'always'}|${branch}`;
}

/** The id of a transition definition object taken from a running machine (inspection events). */
export function transitionIdOf(t: { source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] }; eventType: string }): string {
  const list = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always;
  return transitionId(t.source.id, t.eventType, Math.max(0, list?.indexOf(t) ?? 0));
}

function edgeKind(eventType: string): ChartEdgeKind {
  if (!eventType) return 'always';
  if (eventType.startsWith(AFTER)) return 'after';
  if (eventType.startsWith(DONE_ACTOR)) return 'done';
  if (eventType.startsWith(ERROR_ACTOR)) return 'error';
  if (eventType.startsWith(DONE_STATE)) return 'stateDone';
  return 'event';
}

function delayOf(machine: AnyStateMachine, delay: unknown): ChartDelay | undefined {
  if (typeof delay === 'number') return { ms: delay };
  if (typeof delay !== 'string') return undefined;
  const named = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof named === 'number' ? { name: delay, ms: named } : { name: delay };
}

function toEdge(machine: AnyStateMachine, source: AnyStateNode, t: TransitionLike, branch: number, branches: number): ChartEdge {
  const kind = edgeKind(t.eventType);
  const edge: ChartEdge = {
    id: transitionId(source.id, t.eventType, branch),
    sourceId: source.id,
    targetIds: (t.target ?? []).map((n) => n.id),
    kind,
    eventType: t.eventType,
    actions: t.actions.map(describeAction),
    reenter: Boolean(t.reenter),
    branch,
    branches,
  };
  if (kind === 'after') edge.delay = delayOf(machine, t.delay);
  if (kind === 'done') edge.actorId = t.eventType.slice(DONE_ACTOR.length);
  if (kind === 'error') edge.actorId = t.eventType.slice(ERROR_ACTOR.length);
  if (t.guard !== undefined) edge.guard = guardText(t.guard);
  if (t.description) edge.description = t.description;
  return edge;
}

function toNode(node: AnyStateNode, depth: number): ChartNode {
  const afterTypes = new Set((node.after as TransitionLike[]).map((t) => t.eventType));
  const meta = node.meta as { label?: LocalizedText; description?: LocalizedText } | undefined;
  const out: ChartNode = {
    id: node.id,
    key: node.key,
    type: node.type as ChartNode['type'],
    initialIds: node.type === 'compound' ? (node.initial?.target ?? []).map((n: AnyStateNode) => n.id) : [],
    childIds: (Object.values(node.states) as AnyStateNode[]).map((c) => c.id),
    tags: [...node.tags],
    entry: node.entry.filter((a) => !isTimerBookkeeping(a, afterTypes)).map(describeAction),
    exit: node.exit.filter((a) => !isTimerBookkeeping(a, afterTypes)).map(describeAction),
    invoke: node.invoke.map((inv): ChartInvoke => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : 'inline' })),
    depth,
  };
  if (node.parent) out.parentId = node.parent.id;
  if (node.type === 'history') out.history = node.history === 'deep' ? 'deep' : 'shallow';
  if (meta?.label) out.label = meta.label;
  if (meta?.description) out.localizedDescription = meta.description;
  if (node.description) out.description = node.description;
  return out;
}

/**
 * Every state node and every transition of a machine: each guarded branch of each event is its
 * own edge; `after`, `always`, invoke done/error and state done transitions included.
 */
export function describeMachine(machine: AnyStateMachine): StatechartGraph {
  const nodes = new Map<string, ChartNode>();
  const edges: ChartEdge[] = [];
  const events: string[] = [];
  const walk = (node: AnyStateNode, depth: number) => {
    nodes.set(node.id, toNode(node, depth));
    for (const [eventType, list] of node.transitions as Map<string, TransitionLike[]>) {
      list.forEach((t, i) => edges.push(toEdge(machine, node, t, i, list.length)));
      if (edgeKind(eventType) === 'event' && !events.includes(eventType)) events.push(eventType);
    }
    const always = (node.always ?? []) as TransitionLike[];
    always.forEach((t, i) => edges.push(toEdge(machine, node, { ...t, eventType: '' }, i, always.length)));
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child, depth + 1);
  };
  walk(machine.root, 0);
  return { machineId: machine.id, rootId: machine.root.id, nodes, edges, events };
}

/** Every transition id of a machine: what the model-based tests must cover. */
export function allTransitionIds(machine: AnyStateMachine): string[] {
  return describeMachine(machine).edges.map((e) => e.id);
}

/** The ancestors of a node, nearest first (the node itself excluded). */
export function ancestorsOf(graph: StatechartGraph, id: string): string[] {
  const out: string[] = [];
  let cur = graph.nodes.get(id)?.parentId;
  while (cur) {
    out.push(cur);
    cur = graph.nodes.get(cur)?.parentId;
  }
  return out;
}

/** Whether `ancestor` is `id` or one of its ancestors. */
export function isSelfOrAncestor(graph: StatechartGraph, ancestor: string, id: string): boolean {
  return ancestor === id || ancestorsOf(graph, id).includes(ancestor);
}
