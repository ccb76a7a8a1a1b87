import type { AnyStateMachine } from 'xstate';
import type { ActionDeclaration, Language, LocalizedText } from '../declaration/types.ts';
import { text } from '../i18n/labels.ts';
import { durationText } from './format.ts';
import { GRAPH_TEXTS } from './texts.ts';
import type { ChartEdge, ChartNode } from './types.ts';

/**
 * Where the viewer takes its words from. Generic: the machine's own declarations by default,
 * an entity's action labels when the machine is bound to an entity.
 */
export interface ChartLabels {
  lang: Language;
  /** The state's label; undefined shows the state's key. */
  state(node: ChartNode): string | undefined;
  /** The label of an event type (external or an actor's done/error event); undefined if none. */
  event(eventType: string): string | undefined;
}

interface MachineEventsMeta {
  events?: Record<string, { label?: LocalizedText }>;
}

/** Labels from the machine alone: state `meta.label`, root `meta.events[type].label`. */
export function machineLabels(machine: AnyStateMachine, lang: Language): ChartLabels {
  const events = (machine.root.meta as MachineEventsMeta | undefined)?.events ?? {};
  return {
    lang,
    state: (node) => (node.label ? text(node.label, lang) : undefined),
    event: (type) => (events[type]?.label ? text(events[type].label, lang) : undefined),
  };
}

/** Labels of an entity-bound machine: the entity's action labels win over the machine's own. */
export function entityLabels(
  machine: AnyStateMachine,
  actions: Readonly<Record<string, ActionDeclaration>> | undefined,
  lang: Language,
): ChartLabels {
  const own = machineLabels(machine, lang);
  return {
    ...own,
    event: (type) => (actions?.[type] ? text(actions[type].label, lang) : own.event(type)),
  };
}

/** An `after` edge's delay: `15 min (paymentWindow)`, `50 s`, or the delay's name. */
export function delayLabel(edge: ChartEdge): string {
  const { name, ms } = edge.delay ?? {};
  if (ms !== undefined && name) return `${durationText(ms)} (${name})`;
  if (ms !== undefined) return durationText(ms);
  return name ?? '?';
}

/** The first line of an edge's label: its event in the user's language. */
export function edgeTitle(edge: ChartEdge, labels: ChartLabels): string {
  const t = GRAPH_TEXTS[labels.lang];
  const declared = edge.eventType ? labels.event(edge.eventType) : undefined;
  if (declared) return declared;
  switch (edge.kind) {
    case 'event':
      return edge.eventType;
    case 'after':
      return t.after(delayLabel(edge));
    case 'always':
      return t.always;
    case 'done':
      return t.done(edge.actorId ?? '');
    case 'error':
      return t.error(edge.actorId ?? '');
    case 'stateDone':
      return t.stateDone;
  }
}

/** The state's description in the language: `meta.description`, else the XState description. */
export function stateDescription(node: ChartNode, labels: ChartLabels): string | undefined {
  return node.localizedDescription ? text(node.localizedDescription, labels.lang) : node.description;
}

/** The state's title: its label, or its key. */
export function stateTitle(node: ChartNode, labels: ChartLabels): string {
  return labels.state(node) ?? node.key;
}

/** The machine's own label (root `meta.label`) in the language, or its id. */
export function machineTitle(machine: AnyStateMachine, lang: Language): string {
  const label = (machine.root.meta as { label?: LocalizedText } | undefined)?.label;
  return label ? text(label, lang, machine.id) : machine.id;
}
