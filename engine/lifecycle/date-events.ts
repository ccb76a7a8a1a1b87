import type { AnyStateMachine } from 'xstate';
import type { EntityDeclaration } from '../declaration/types.ts';
import { valueAt } from '../schema/resolve.ts';
import { restore, type PersistedSnapshot } from './snapshot.ts';
import type { PendingTimer } from './timers.ts';

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The timers of a record after a write or a transition, with its declared date events
 * (`lifecycle.dateEvents`: a class starts on its start date): the machine's own `after` timers
 * are kept; each date event is due at the start of the day its field holds (UTC; the next day's
 * start with `endOfDay`) while the record's state takes the event, and dropped otherwise (no date,
 * or a state that does not take it). A date already past is due at once: the timer worker sends it
 * through the record's audited transition path like any timer.
 */
export function withDateEvents(
  entity: Pick<EntityDeclaration, 'lifecycle'>,
  machine: AnyStateMachine | undefined,
  snapshot: PersistedSnapshot | null | undefined,
  doc: Record<string, unknown>,
  timers: readonly PendingTimer[],
): PendingTimer[] {
  const declared = entity.lifecycle?.dateEvents ?? [];
  if (!declared.length || !machine || !snapshot) return [...timers];
  const events = new Set(declared.map((d) => d.event));
  const current = restore(machine, snapshot);
  const out = timers.filter((t) => !events.has(t.event));
  for (const d of declared) {
    const day = valueAt(doc, d.field);
    if (typeof day !== 'string' || !DATE.test(day) || !current.can({ type: d.event } as never)) continue;
    const at = Date.parse(`${day}T00:00:00Z`) + (d.endOfDay ? DAY_MS : 0);
    if (Number.isFinite(at)) out.push({ event: d.event, due: new Date(at).toISOString() });
  }
  return out.sort((a, b) => a.due.localeCompare(b.due));
}
