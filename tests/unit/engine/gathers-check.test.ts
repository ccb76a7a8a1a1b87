import { describe, expect, it } from 'vitest';
import { DeclarationError, STATIC_BUNDLES, type EntityBundle } from '../../../engine/index.ts';
import { checkLinkedEntities } from '../../../engine/declaration/check-links.ts';
import { DECLARED_BUNDLES } from '../../../engine/generated/declarations.ts';

type Json = Record<string, any>;
const bundle = (file: string) => JSON.parse(JSON.stringify(DECLARED_BUNDLES.find((b) => b.files.entity === file)!)) as EntityBundle;
const problems = (mutate: (gathers: Json) => void): string => {
  const statement = bundle('schemas/statement/statement.entity.json');
  mutate(statement.entity.gathers as Json);
  try {
    // Every entity beside it: the others' relays name theirs (a quotation relays to its TRF).
    checkLinkedEntities([statement, ...STATIC_BUNDLES.filter((b) => b.entity.name !== 'statement')]);
  } catch (err) {
    expect(err).toBeInstanceOf(DeclarationError);
    return (err as Error).message;
  }
  return '';
};

/** An entity's `gathers` names another entity's fields: checked once every entity is registered (docs/declarations.md §3). */
describe('gathers across entities', () => {
  it('the statement as committed gathers fields the quotation has', () => {
    expect(problems(() => undefined)).toBe('');
  });

  it.each<[string, (g: Json) => void, string]>([
    ['an entity that is not registered', (g) => (g.entity = 'ghost'), "schemas/statement/statement.entity.json at /gathers/entity: 'ghost' is not a registered entity"],
    ['a condition on a field they lack', (g) => (g.where[1].field = 'ghostDate'), "at /gathers/where/1/field: 'ghostDate' is not a field of 'quotation'"],
    ['a lifecycle field they lack', (g) => (g.states = { $mood: ['happy'] }), "at /gathers/states/$mood: '$mood' is not a field of 'quotation'"],
    ['a total of a field they lack', (g) => (g.totals.totalUsd.sum = 'ghostAmount'), "at /gathers/totals/totalUsd/sum: 'ghostAmount' is not a field of 'quotation'"],
    ['a total picked by a field they lack', (g) => (g.totals.totalUsd.when.field = 'ghostCurrency'), "at /gathers/totals/totalUsd/when/field: 'ghostCurrency' is not a field of 'quotation'"],
  ])('%s fails naming file and path', (_name, mutate, message) => {
    expect(problems(mutate)).toContain(message);
  });
});
