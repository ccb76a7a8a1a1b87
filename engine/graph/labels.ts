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
  /** The label of a named guard (`{param}` in it replaced by the guard's parameters); undefined if none. */
  guard(name: string): LocalizedText | undefined;
  /** The label of a named delay without a fixed length; undefined if none. */
  delay(name: string): string | undefined;
}

interface MachineEventsMeta {
  events?: Record<string, { label?: LocalizedText }>;
  /** What each named guard checks, in every language (`{length}`: the guard's parameter). */
  guards?: Record<string, LocalizedText>;
  delays?: Record<string, LocalizedText>;
}

/** Labels from the machine alone: state `meta.label`, root `meta.events[type].label`, root `meta.guards[name]`. */
export function machineLabels(machine: AnyStateMachine, lang: Language): ChartLabels {
  const meta = machine.root.meta as MachineEventsMeta | undefined;
  const events = meta?.events ?? {};
  const guards = meta?.guards ?? {};
  const delays = meta?.delays ?? {};
  return {
    lang,
    state: (node) => (node.label ? text(node.label, lang) : undefined),
    event: (type) => (events[type]?.label ? text(events[type].label, lang) : undefined),
    guard: (name) => (Object.hasOwn(guards, name) ? guards[name] : undefined),
    delay: (name) => (Object.hasOwn(delays, name) ? text(delays[name], lang) : undefined),
  };
}

/**
 * A guard as the user reads it: each named guard by its label (parameters filled in), joined by
 * the language's and/or/not. A guard without a label keeps its name.
 */
export function guardTitle(guard: string, labels: ChartLabels): string {
  const t = GRAPH_TEXTS[labels.lang];
  const named = guard.replace(/(\w+)(?:\(\{([^}]*)\}\))?/g, (whole, name: string, params?: string) => {
    const label = labels.guard(name);
    if (!label) return whole;
    const values = Object.fromEntries((params ?? '').split(',').map((p) => p.split(':').map((x) => x.trim().replace(/^"|"$/g, '')) as [string, string]));
    return text(label, labels.lang).replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? k);
  });
  return named
    .replace(/not\(([^()]*)\)/g, (_, inner: string) => t.not(inner))
    .replace(/ && /g, t.and)
    .replace(/ \|\| /g, t.or);
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

/** An `after` edge's delay: `15 min`, `50 s`, or (no fixed length) the delay's label, else its name. */
export function delayLabel(edge: ChartEdge, labels?: ChartLabels): string {
  const { name, ms } = edge.delay ?? {};
  if (ms !== undefined) return durationText(ms);
  return (name && labels?.delay(name)) ?? name ?? '?';
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
      return t.after(delayLabel(edge, labels));
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
