/**
 * Money is exact: an amount is an integer of minor units (fen, cents), never a float. These
 * helpers turn it into a decimal string and format that with `Intl.NumberFormat`, which formats a
 * decimal string exactly (no binary rounding), in the user's language and the record's currency.
 */

/** The currencies the product deals in (SPEC §9) and their minor-unit digits. */
export const CURRENCY_DIGITS: Readonly<Record<string, number>> = { CNY: 2, USD: 2, HKD: 2 };

const digitsOf = (currency: string) => CURRENCY_DIGITS[currency] ?? 2;

/** Whether a value is an amount in minor units: a safe integer (a JSON number) or a string of digits. */
export function isMinorUnits(value: unknown): value is number | string {
  return (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value));
}

/** 123456 CNY → "1234.56": the exact decimal string of an amount in minor units. */
export function minorToDecimal(minor: number | string, currency: string): string {
  const digits = digitsOf(currency);
  const big = BigInt(minor);
  const negative = big < 0n;
  const abs = (negative ? -big : big).toString().padStart(digits + 1, '0');
  const whole = abs.slice(0, abs.length - digits);
  const frac = digits ? `.${abs.slice(abs.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

/** "1234.5" CNY → 123450; undefined when the text is not an amount with at most the currency's digits. */
export function decimalToMinor(textValue: string, currency: string): number | undefined {
  const digits = digitsOf(currency);
  const match = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(textValue);
  if (!match || (match[3] ?? '').length > digits) return undefined;
  const minor = BigInt(`${match[1]}${match[2]}${(match[3] ?? '').padEnd(digits, '0')}`);
  const n = Number(minor);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** An amount in minor units as the user's language writes it in that currency ("¥1,234.56", "US$1,234.56"). */
export function formatCurrency(minor: number | string, currency: string, lang: string): string {
  // Intl.NumberFormat formats a decimal string exactly (ECMA-402 2023: strings are exact decimals).
  const format = new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: digitsOf(currency) }) as unknown as {
    format(value: string): string;
  };
  return format.format(minorToDecimal(minor, currency));
}
