import { describe, expect, it } from 'vitest';
import { isWideValue, rowSpans } from '../../../renderers/detail/detail-rows.ts';

describe('detail rows', () => {
  it('gives a wide value a row of its own and stretches the item before it to its row end', () => {
    expect(rowSpans([false, false, false], 2)).toEqual([1, 1, 2]);
    expect(rowSpans([false, true, false, false], 2)).toEqual([2, 2, 1, 1]);
    expect(rowSpans([false, false, true, true, false], 3)).toEqual([1, 2, 3, 3, 3]);
    expect(rowSpans([true, false], 1)).toEqual([1, 1]);
    expect(rowSpans([], 2)).toEqual([]);
  });

  it('counts objects and lists holding objects as wide, scalars and lists of scalars as not', () => {
    expect([{ a: 1 }, [{ a: 1 }], [1, 'x'], 'text', 3, null, undefined, []].map(isWideValue)).toEqual([true, true, false, false, false, false, false, false]);
  });
});
