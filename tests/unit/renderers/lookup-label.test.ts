import { describe, expect, it } from 'vitest';
import { lookupLabel } from '../../../renderers/lookup/use-lookup-options.ts';

describe('lookupLabel', () => {
  const options = [
    { value: 'c-buyer', label: 'Demo Buyer Co., Ltd.' },
    { value: 'c-supplier', label: 'Demo Supplier Co., Ltd.' },
  ];
  it('labels one value, and each value of a list (a share with several companies)', () => {
    expect(lookupLabel(options, 'c-buyer')).toBe('Demo Buyer Co., Ltd.');
    expect(lookupLabel(options, ['c-buyer', 'c-supplier'])).toBe('Demo Buyer Co., Ltd., Demo Supplier Co., Ltd.');
  });
  it('shows a value the options do not hold (yet) as it is', () => {
    expect(lookupLabel(options, ['c-buyer', 'c-gone'])).toBe('Demo Buyer Co., Ltd., c-gone');
    expect(lookupLabel([], 'c-buyer')).toBe('c-buyer');
  });
});
