import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { addPorticoKeywords, AJV_OPTIONS, createAjv, isCasNumber, isUscc, toFieldErrors, type EntitySchema } from '../../../engine/index.ts';
import { validBundle } from './fixtures.ts';

describe('the engine keywords of the shared ajv configuration', () => {
  it('checks CAS numbers by their check digit', () => {
    for (const cas of ['7732-18-5', '50-00-0', '64-17-5', '7440-57-5', '1333-86-4']) expect(isCasNumber(cas)).toBe(true);
    for (const cas of ['7732-18-4', '7732185', '1-00-0', '12345678-00-1', '50-0-0', '']) expect(isCasNumber(cas)).toBe(false);
  });

  it('checks unified social credit codes by their GB 32100-2015 check character', () => {
    for (const code of ['91440300708461136T', '91110000802100433B', '91350100M000100Y43', '9131000071785091X2']) expect(isUscc(code)).toBe(true);
    // A wrong check character, a letter outside the code's alphabet (I, O, S, V, Z), lower case, the wrong length.
    for (const code of ['91440300708461136X', '91110000802100433A', '9144030070846113IT', '91440300708461136t', '9144030070846113', '']) expect(isUscc(code)).toBe(false);
    const ajv = createAjv();
    expect(ajv.validate({ type: 'string', 'x-uscc': true }, '91440300708461136T')).toBe(true);
    expect(ajv.validate({ type: 'string', 'x-uscc': true }, '91440300708461136X')).toBe(false);
    expect(ajv.errors?.[0]?.keyword).toBe('x-uscc');
  });

  const schema = validBundle().schema as EntitySchema;
  const validate = createAjv().compile(schema);
  const errors = (doc: unknown, lang: 'zh-CN' | 'en-US' = 'en-US') => (validate(doc) ? [] : toFieldErrors(schema, validate.errors, lang));

  it('validates a document using every custom field type', () => {
    expect(errors({
      styleNo: 'A1',
      cas: '50-00-0',
      composition: [{ component: 'Cotton', percentage: 33.33 }, { component: 'Linen', percentage: 33.33 }, { component: 'Silk', percentage: 33.34 }],
      period: ['2025-01-01', '2025-12-31'],
      markets: ['CN', 'EU'],
      photo: [{ fileId: 'f1' }],
    })).toEqual([]);
  });

  it('says what is wrong in both languages', () => {
    const doc = { styleNo: 'A1', cas: '50-00-1', composition: [{ component: 'Cotton', percentage: 60 }, { component: 'Linen' }], period: ['2025-02-01', '2025-01-01'] };
    expect(errors(doc).map((e) => e.message)).toEqual([
      '"CAS number" is not a valid CAS number (check digit)',
      'Please fill in "Composition · Percentage (#2)"',
      'The end date of "Test period" cannot be before its start date',
    ]);
    expect(errors({ ...doc, composition: [{ component: 'Cotton', percentage: 60 }] }, 'zh-CN').map((e) => e.message)).toContain('“成分”的百分比合计须为 100（当前 60）');
    expect(errors({ styleNo: 'A1', period: ['2022-01-01', '2024-01-01'] }, 'zh-CN').map((e) => e.message)).toEqual(['“测试期间”的日期范围不能超过 366 天']);
    expect(errors({ styleNo: 'A1', composition: new Array(101).fill({ component: 'x', percentage: 0 }) }).map((e) => e.keyword)).toContain('maxItems');
  });

  it('plugs into another ajv (RJSF passes it as extenderFn) and is idempotent', () => {
    const ajv = addPorticoKeywords(addPorticoKeywords(new Ajv(AJV_OPTIONS)));
    expect(ajv.validate({ type: 'string', 'x-cas': true }, '7732-18-4')).toBe(false);
    expect(ajv.validate({ type: 'string', 'x-cas': true }, '7732-18-5')).toBe(true);
  });
});
