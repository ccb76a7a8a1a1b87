import { describe, expect, it } from 'vitest';
import { withComputedFields } from '../../../engine/index.ts';

/** A computed term with `each` sums over the objects of a list (a quotation's priced lines), exactly. */
describe('computed fields over a list', () => {
  const entity = {
    computed: {
      linesAmount: { sum: [{ each: 'lines', field: 'amount' }] },
      tax: { sum: [{ each: 'lines', field: 'amount', timesField: 'rate', per: 10000 }] },
      total: { sum: [{ field: 'linesAmount' }, { field: 'fee' }] },
    },
  };

  it('adds each item, rounds each term on its own, and counts what is not an object or a number as 0', () => {
    const doc = { fee: 5, lines: [{ amount: 9007199254740000, rate: 0 }, { amount: 150, rate: 333 }, { amount: '7' }, null, 'x', { item: 'free' }] };
    expect(withComputedFields(entity, doc)).toMatchObject({ linesAmount: 9007199254740157, tax: 5, total: 9007199254740162 });
  });

  it('is 0 without the list', () => {
    expect(withComputedFields(entity, { fee: 1 })).toMatchObject({ linesAmount: 0, tax: 0, total: 1 });
  });
});
