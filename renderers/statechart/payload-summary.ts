import type { EventObject } from 'xstate';

/** An event's payload in one short line (`reason: "Wrong amount", amount: 20`); '' without one. */
export function payloadSummary(event: EventObject): string {
  const fields = Object.entries(event as unknown as Record<string, unknown>).filter(([k]) => k !== 'type');
  const text = fields.map(([k, v]) => `${k}: ${v instanceof Error ? v.message : JSON.stringify(v)}`).join(', ');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}
