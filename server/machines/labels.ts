import type { AnyStateMachine } from 'xstate';
import { text, type Language, type LocalizedText } from '../../engine/index.ts';

type Labelled = { label?: LocalizedText } | undefined;

/** A top-level state's label from the machine's meta (the code when it has none). */
export function stateLabel(machine: AnyStateMachine, state: string, lang: Language): string {
  const node = Object.hasOwn(machine.root.states, state) ? machine.root.states[state] : undefined;
  return text((node?.meta as Labelled)?.label, lang, state);
}

/** An event's label from the machine's root meta. */
export function eventLabel(machine: AnyStateMachine, event: string, lang: Language): string {
  const events = (machine.root.meta as { events?: Record<string, Labelled> } | undefined)?.events;
  return text(events && Object.hasOwn(events, event) ? events[event]?.label : undefined, lang, event);
}

/** What a named guard checks, from the machine's root meta. */
export function guardLabel(machine: AnyStateMachine, guard: string, lang: Language): string {
  const guards = (machine.root.meta as { guards?: Record<string, LocalizedText> } | undefined)?.guards;
  return text(guards && Object.hasOwn(guards, guard) ? guards[guard] : undefined, lang, guard);
}
