import { describe, expect, it } from 'vitest';
import { STATIC_BUNDLES } from '../../../engine/index.ts';
import { linkProblems, withChanged, type Json } from './linked-checks.ts';

const problems = (mutate: (spawn: Json) => void): string => linkProblems(withChanged('trf', (b) => mutate(b.entity.spawns[0])));

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
});
