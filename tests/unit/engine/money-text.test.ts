import { describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveFormSections, formatMoney, formatScalar, validateForm } from '../../../engine/index.ts';

describe('money as the user reads it (x-money)', () => {
  it('shows minor units and decimal strings with 2 decimals and grouped digits, exactly', () => {
    expect(formatMoney(123450, 'zh-CN')).toBe('1,234.50');
    expect(formatMoney(5, 'en-US')).toBe('0.05');
    expect(formatMoney(-1999, 'en-US')).toBe('-19.99');
    expect(formatMoney('1234567.895', 'en-US')).toBe('1,234,567.90');
    expect(formatMoney('0.1', 'zh-CN')).toBe('0.10');
    // Past a float's precision the digits stay exact.
    expect(formatMoney('90071992547409931.01', 'en-US')).toBe('90,071,992,547,409,931.01');
    expect(formatMoney('abc', 'en-US')).toBe('abc');
    expect(formatScalar('number', { type: 'integer', 'x-money': true }, 100, 'en-US')).toBe('1.00');
  });

  it('shows an amount of one declared currency ({code}) in that currency, whatever the document holds', () => {
    const usd = { type: 'integer' as const, 'x-money': { code: 'USD' } };
    expect(formatScalar('number', usd, 123456789, 'en-US', { currency: 'CNY' })).toBe('$1,234,567.89');
    expect(formatScalar('number', usd, 5, 'zh-CN')).toBe('US$0.05');
    expect(formatScalar('number', { type: 'integer', 'x-money': { code: 'HKD' } }, 100, 'en-US')).toBe('HK$1.00');
  });

  it('is typed in the currency units on a form: an x-money field takes the money widget', () => {
    const quotation = createStaticRegistry().get('quotation');
    const amounts = deriveFormSections(quotation, 'en-US', new Set(['serviceAmount', 'currency']), { creating: true }).find((s) => s.fields.includes('serviceAmount'))!;
    expect(amounts.uiSchema.serviceAmount).toMatchObject({ 'ui:widget': 'money', 'ui:options': {} });
  }, 60_000);

  it('tells text that is no amount how to write one, in the user language', () => {
    const quotation = createStaticRegistry().get('quotation');
    for (const [lang, said] of [['en-US', 'enter an amount such as 2500.50 (at most two decimals)'], ['zh-CN', '请输入金额，如 2500.50（最多两位小数）']] as const) {
      const errors = validateForm(quotation.schema, { serviceAmount: '12,5x' }, lang).filter((e) => e.field === 'serviceAmount');
      expect(errors).toEqual([expect.objectContaining({ keyword: 'type', message: expect.stringContaining(said) })]);
    }
  });
});
