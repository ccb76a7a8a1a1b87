import { and, not, or, stateIn } from 'xstate';
import type { ChartAction } from './types.ts';

/**
 * Text for guards, actions and delays as the machine declares them. Higher-order guards are
 * recognised by their `check` function (not by function names, which minifiers rename).
 */

type GuardLike = unknown;

const CHECK = {
  and: (and([]) as unknown as { check: unknown }).check,
  or: (or([]) as unknown as { check: unknown }).check,
  not: (not('x') as unknown as { check: unknown }).check,
  stateIn: (stateIn('x') as unknown as { check: unknown }).check,
};

/** Parameters in a compact, readable form: `{min: 1, unit: "ms"}`. */
export function paramsText(params: unknown): string {
  if (typeof params === 'function') return '{…}';
  if (params && typeof params === 'object' && !Array.isArray(params)) {
    const entries = Object.entries(params as Record<string, unknown>).map(([k, v]) => `${k}: ${valueText(v)}`);
    return `{${entries.join(', ')}}`;
  }
  return valueText(params);
}

function valueText(value: unknown): string {
  if (typeof value === 'function') return '…';
  if (value && typeof value === 'object' && !Array.isArray(value)) return paramsText(value);
  return JSON.stringify(value) ?? String(value);
}

function stateValueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A guard as text, by name with parameters; higher-order guards spelled out. */
export function guardText(guard: GuardLike): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { check?: unknown; guards?: unknown[]; stateValue?: unknown; name?: string };
    if (fn.check === CHECK.stateIn) return `stateIn(${stateValueText(fn.stateValue)})`;
    const inner = (fn.guards ?? []).map(guardText);
    if (fn.check === CHECK.not) return `not(${inner.join(', ')})`;
    if (fn.check === CHECK.and) return inner.join(' && ');
    if (fn.check === CHECK.or) return inner.join(' || ');
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline guard';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    return params === undefined ? type : `${type}(${paramsText(params)})`;
  }
  return 'guard';
}

type ActionFn = {
  type?: string;
  name?: string;
  event?: unknown;
  to?: unknown;
  src?: unknown;
  id?: unknown;
  delay?: unknown;
  sendId?: unknown;
};

function eventName(event: unknown): string {
  return event && typeof event === 'object' && 'type' in event ? String((event as { type: unknown }).type) : '…';
}

function builtinActionText(fn: ActionFn): string {
  const kind = fn.type!.slice('xstate.'.length);
  switch (kind) {
    case 'raise':
      return fn.delay === undefined ? `raise(${eventName(fn.event)})` : `raise(${eventName(fn.event)}, delayed)`;
    case 'emit':
      return `emit(${eventName(fn.event)})`;
    case 'sendTo':
      return `sendTo(${typeof fn.to === 'string' ? fn.to : '…'}, ${eventName(fn.event)})`;
    case 'spawnChild':
      return `spawn(${typeof fn.src === 'string' ? fn.src : 'inline'})`;
    case 'stopChild':
      return 'stop';
    case 'cancel':
      return `cancel(${typeof fn.sendId === 'string' ? fn.sendId : '…'})`;
    default:
      return kind;
  }
}

/** An action as name + text (`notify({channel: "email"})`, `assign`, `emit(alert)`). */
export function describeAction(action: unknown): ChartAction {
  if (typeof action === 'string') return { name: action, text: action };
  if (typeof action === 'function') {
    const fn = action as ActionFn;
    if (typeof fn.type === 'string' && fn.type.startsWith('xstate.')) {
      const text = builtinActionText(fn);
      return { name: fn.type.slice('xstate.'.length), text };
    }
    const name = fn.name || 'inline action';
    return { name, text: name };
  }
  if (action && typeof action === 'object' && 'type' in action) {
    const { type, params } = action as { type: string; params?: unknown };
    return { name: type, text: params === undefined ? type : `${type}(${paramsText(params)})` };
  }
  return { name: 'action', text: 'action' };
}

/** Whether an entry/exit action is XState's own scheduling of an `after` timer (not drawn). */
export function isTimerBookkeeping(action: unknown, afterEventTypes: ReadonlySet<string>): boolean {
  if (typeof action !== 'function') return false;
  const fn = action as ActionFn;
  if (fn.type === 'xstate.raise' && fn.delay !== undefined) return afterEventTypes.has(String(fn.id));
  if (fn.type === 'xstate.cancel') return afterEventTypes.has(String(fn.sendId));
  return false;
}

/** A duration in the largest whole unit: 900000 → `15 min`, 50000 → `50 s`, 1500 → `1500 ms`. */
export function durationText(ms: number): string {
  if (ms > 0 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms > 0 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms > 0 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
