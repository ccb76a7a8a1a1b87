import { describe, expect, it } from 'vitest';
import { STATIC_BUNDLES } from '../../../engine/index.ts';
import { linkProblems as problems, withChanged, type Json } from './linked-checks.ts';

/**
 * An entity's `relays` name another entity's actions and fields, and a `forward` relay needs the
 * target to relay each event back: checked once every entity is registered, each problem with its
 * file and JSON path (engine/declaration/check-relays.ts, docs/declarations.md §3).
 */
describe('relays, checked across entities', () => {
  it('accepts the declared TRF, quotation, statement and invoice relays', () => {
    expect(problems([...STATIC_BUNDLES])).toBe('');
  });

  it.each<[string, string, (b: { entity: Json; schema: Json }) => void, string]>([
    ['an unknown target entity', 'invoice', (b) => (b.entity.relays[0].entity = 'ghost'), "schemas/invoice/invoice.entity.json at /relays/0/entity: 'ghost' is not a registered entity"],
    ['a mapped event the target has no action for', 'invoice', (b) => (b.entity.relays[0].events.PAYMENT_RECEIVED = 'PAY'), "at /relays/0/events/PAYMENT_RECEIVED: 'PAY' is not an action of 'statement'"],
    ['a field the entity lacks', 'invoice', (b) => (b.entity.relays[0].field = 'ghostId'), "at /relays/0/field: 'ghostId' is not a field of 'invoice'"],
    ['a whenAll of an unknown lifecycle field', 'invoice', (b) => (b.entity.relays[0].whenAll = { $mood: ['paid'] }), "at /relays/0/whenAll/$mood: '$mood' is not a lifecycle field of 'invoice'"],
    ['a forward field the target lacks', 'trf', (b) => (b.entity.relays[0].forward = 'ghostId'), "schemas/trf/trf.entity.json at /relays/0/forward: 'ghostId' is not a field of 'quotation'"],
    ['a forwarded event the target does not relay back', 'quotation', (b) => delete b.entity.relays[0].events.CONFIRM, "schemas/trf/trf.entity.json at /relays/0/events/CONFIRM_QUOTATION: 'quotation' relays no 'CONFIRM' back as 'CONFIRM_QUOTATION' by 'trfId'"],
  ])('refuses %s', (_, name, mutate, message) => {
    expect(problems(withChanged(name, mutate))).toContain(message);
  });
});
