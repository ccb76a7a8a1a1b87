import { describe, expect, it } from 'vitest';
import { createAjv, glnCheckDigit, isGln } from '../../../engine/index.ts';

describe('GLN (GS1 mod-10 check digit) as the x-gln keyword', () => {
  it('computes the GS1 check digit', () => {
    // GS1's own example GLN: 061414100001 → 2.
    expect(glnCheckDigit('061414100001')).toBe(2);
    expect(glnCheckDigit('000000000000')).toBe(0);
    expect(isGln('0614141000012')).toBe(true);
    expect(isGln('0614141000013')).toBe(false);
    expect(isGln('061414100001')).toBe(false);
    expect(isGln('061414100001A')).toBe(false);
  });

  it('is checked by the one shared ajv (browser and server)', () => {
    const validate = createAjv().compile({ type: 'object', properties: { gln: { type: 'string', 'x-gln': true } } });
    expect(validate({ gln: '0614141000012' })).toBe(true);
    expect(validate({ gln: '0614141000019' })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('x-gln');
    expect(validate({})).toBe(true);
  });
});
