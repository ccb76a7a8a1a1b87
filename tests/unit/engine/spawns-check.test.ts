import { describe, expect, it } from 'vitest';
import { STATIC_BUNDLES } from '../../../engine/index.ts';
import { linkProblems, withChanged, type Json } from './linked-checks.ts';

const problems = (mutate: (spawn: Json) => void, at = 0): string => linkProblems(withChanged('trf', (b) => mutate(b.entity.spawns[at])));

/** An entity's `spawns` names the target's parent link, fields and this entity's events: checked once every entity is registered. */
describe('spawns across entities', () => {
  it('the TRF as committed spawns its certificate and refreshes it when its report is issued', () => {
    expect(STATIC_BUNDLES.find((b) => b.entity.name === 'trf')!.entity.spawns?.[0]?.refreshOn).toEqual(['ISSUE_REPORT']);
    expect(problems(() => undefined)).toBe('');
  });

  it.each<[string, (s: Json) => void, string]>([
    ['an entity that is not registered', (s) => (s.entity = 'ghost'), "at /spawns/0/entity: 'ghost' is not a registered entity"],
    ['a link that is not the target’s optional parent', (s) => (s.link = 'trfNo'), "at /spawns/0/link: 'cpscTrfInfo' must name 'trf' as its optional access.parent by 'trfNo'"],
    ['an event the TRF does not have', (s) => (s.on = ['$create', 'SHIP']), "at /spawns/0/on/1: 'SHIP' is neither $create, $update nor an action of 'trf'"],
    ['a refresh on an event the TRF does not have', (s) => (s.refreshOn = ['REPORT_DONE']), "at /spawns/0/refreshOn/0: 'REPORT_DONE' is neither $create, $update nor an action of 'trf'"],
  ])('%s fails naming file and path', (_name, mutate, message) => {
    expect(problems(mutate)).toContain(message);
  });

  // The TRF's second spawn: its Send quotation makes a quotation each time (`every`), from the dialog's payload.
  it.each<[string, (s: Json) => void, string]>([
    ['an every-spawn link that is not the target’s lookup of this entity', (s) => (s.link = 'trfNo'), "at /spawns/1/link: 'trfNo' must be a top-level 'entity:trf' lookup of 'quotation'"],
    ['a payload path no action in on has', (s) => (s.payload = { currency: 'price' }), "at /spawns/1/payload/currency: 'price' is not a payload field of the actions in 'on'"],
    ['a fallback path the TRF does not have', (s) => (s.fill['payer.name'] = ['payer.name', 'invoicee.name']), "at /spawns/1/fill/payer.name: 'invoicee.name' is not a field of 'trf'"],
    ['a constant for a field the target does not have', (s) => (s.set = { priceList: 'A' }), "at /spawns/1/set/priceList: 'priceList' is not a field of 'quotation'"],
    ['a today field the target does not have', (s) => (s.today = ['sentOn']), "at /spawns/1/today/sentOn: 'sentOn' is not a field of 'quotation'"],
  ])('%s fails naming file and path', (_name, mutate, message) => {
    expect(problems(mutate, 1)).toContain(message);
  });
});
