import type { AnyStateMachine } from 'xstate';
import { restore, step, type Language, type LifecycleEvent, type PendingTimer, type PersistedSnapshot, type Step } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { writeAudit } from '../entities/audit-repo.ts';
import { queueEffects } from '../effects/effects-repo.ts';
import { eventLabel, guardLabel, stateLabel } from './labels.ts';

/** What a server-driven machine runs for: its audit name (`account`, `company`, `notice`) and id. */
export interface Subject {
  kind: string;
  id: string;
}

interface TransitionLike {
  guard?: unknown;
}
interface NodeLike {
  path: string[];
  transitions: Map<string, readonly TransitionLike[]>;
  states: Record<string, NodeLike>;
}

/** The names of the guards on the event's transitions in the active states (none when no active state takes the event at all). */
function guardsOf(machine: AnyStateMachine, persisted: PersistedSnapshot, type: string): string[] | undefined {
  const snapshot = restore(machine, persisted);
  const nodes: NodeLike[] = [];
  const walk = (n: NodeLike) => {
    nodes.push(n);
    Object.values(n.states).forEach(walk);
  };
  walk(machine.root as unknown as NodeLike);
  const active = nodes.filter((n) => n.path.length && snapshot.matches(n.path.reduceRight<unknown>((v, key) => (v === undefined ? key : { [key]: v }), undefined) as never));
  const transitions = active.flatMap((n) => n.transitions.get(type) ?? []);
  if (!transitions.length) return undefined;
  return transitions.flatMap((t) => {
    const g = t.guard;
    const name = typeof g === 'string' ? g : typeof g === 'object' && g !== null && typeof (g as { type?: unknown }).type === 'string' ? (g as { type: string }).type : undefined;
    return name ? [name] : [];
  });
}

/** A top-level state's name. */
const topState = (s: PersistedSnapshot): string => (typeof s.value === 'string' ? s.value : Object.keys(s.value as object)[0] ?? '');

/** A transition a server-driven machine allowed, not yet written. */
export interface Decided extends Step {
  machine: AnyStateMachine;
  subject: Subject;
  event: LifecycleEvent;
  from: string;
  to: string;
}

/**
 * Asks a machine the server drives (account, company, notice) whether it takes the event in the
 * stored state: a state that does not take it is a 409, a failed guard a 400, each told with
 * the machine's labels in the user's language. Pure: nothing is written (see `record`).
 */
export function decide(opts: {
  machine: AnyStateMachine;
  subject: Subject;
  snapshot: PersistedSnapshot;
  timers?: readonly PendingTimer[];
  event: LifecycleEvent;
  lang: Language;
  /** The transition's clock: timers are due this long after it. */
  now?: Date;
}): Decided {
  const { machine, snapshot, event, lang } = opts;
  const next = step(machine, snapshot, opts.timers ?? [], event, opts.now ?? new Date());
  const from = topState(snapshot);
  if (!next) {
    const guards = guardsOf(machine, snapshot, event.type);
    const action = eventLabel(machine, event.type, lang);
    if (guards?.length) throw new ApiError(400, 'GUARD_FAILED', { action, guard: guards.map((g) => guardLabel(machine, g, lang)).join(' / ') });
    throw new ApiError(409, 'EVENT_NOT_ALLOWED', { action, state: stateLabel(machine, from, lang) });
  }
  return { ...next, machine, subject: opts.subject, event, from, to: topState(next.snapshot) };
}

/**
 * Writes a decided transition's audit row (who, event, from → to, what of the event to keep)
 * and its declared effects, in the caller's transaction — the one that stores the new state.
 * `actorId` null: the server itself (a timer).
 */
export async function record(tx: Queryable, d: Decided, actorId: string | null, auditPayload?: Record<string, unknown>): Promise<void> {
  const { type, ...fields } = d.event;
  const payload = auditPayload ?? fields;
  await writeAudit(tx, d.subject.kind, d.subject.id, actorId, {
    kind: 'event',
    event: type,
    fromStates: { status: d.from },
    toStates: { status: d.to },
    ...(Object.keys(payload).length ? { payload } : {}),
  });
  await queueEffects(tx, d.machine.id, d.subject, d.effects);
}
