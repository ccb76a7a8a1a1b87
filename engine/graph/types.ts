import type { LocalizedText } from '../declaration/types.ts';

/**
 * A statechart as data: what the viewer draws and the tests count, extracted once from an
 * XState v5 machine definition (see describe.ts). Nothing here depends on React or on ELK.
 */

export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** An action as shown on a state or transition: its name, with its parameters if any. */
export interface ChartAction {
  name: string;
  /** `name` followed by its parameters, e.g. `notify({channel: "email"})`. */
  text: string;
}

export interface ChartInvoke {
  id: string;
  /** The actor's name in `setup({ actors })`, or `inline` for logic given in place. */
  src: string;
}

export interface ChartNode {
  /** The XState state node id (`trf.status.draft`). */
  id: string;
  key: string;
  parentId?: string;
  type: ChartNodeType;
  /** For history states. */
  history?: 'shallow' | 'deep';
  /** Ids of the states entered initially (compound states only). */
  initialIds: string[];
  childIds: string[];
  /** `meta.label` of the state, when it declares one. */
  label?: LocalizedText;
  /** The XState `description` (one language). */
  description?: string;
  /** `meta.description`, in every language (wins over `description` when drawn). */
  localizedDescription?: LocalizedText;
  tags: string[];
  entry: ChartAction[];
  exit: ChartAction[];
  invoke: ChartInvoke[];
  depth: number;
}

/**
 * What kind of transition an edge is: an event sent to the machine, a delayed (`after`) or
 * eventless (`always`) transition, the done/error event of an invoked actor, or the done event
 * of a compound/parallel state whose children reached their final states.
 */
export type ChartEdgeKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'stateDone';

export interface ChartDelay {
  /** The delay's name in `setup({ delays })`, when it is named. */
  name?: string;
  /** The delay in milliseconds, when it is a constant. */
  ms?: number;
}

/** One transition definition: one guarded branch of one event of one state. */
export interface ChartEdge {
  /** Stable id: `<source state id>|<event type, or "always">|<branch index>`. */
  id: string;
  sourceId: string;
  /** Target state ids; empty for a targetless transition (actions only, state unchanged). */
  targetIds: string[];
  kind: ChartEdgeKind;
  /** The XState event type (`SUBMIT`, `xstate.after.pingInterval.chat.idle`, '' for always). */
  eventType: string;
  delay?: ChartDelay;
  /** The invoked actor's id, for done/error edges. */
  actorId?: string;
  /** The guard as text (`isAmountAtLeast({min: 1})`, `or(stateIn(#submitted), …)`). */
  guard?: string;
  actions: ChartAction[];
  reenter: boolean;
  /** Position among the branches of the same event of the same state (0-based). */
  branch: number;
  branches: number;
  description?: string;
}

export interface StatechartGraph {
  machineId: string;
  rootId: string;
  /** Every state node by id, in document order (parents before children). */
  nodes: Map<string, ChartNode>;
  edges: ChartEdge[];
  /** Event types sent from outside (kind `event`), in order of first appearance. */
  events: string[];
}

export interface Point {
  x: number;
  y: number;
}
