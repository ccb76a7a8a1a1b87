import type { FieldSchema, Language } from '../declaration/types.ts';
import type { EntityRecord } from '../api-contract.ts';
import { valueAt } from '../schema/resolve.ts';
import { enumLabel, hasChoices } from '../i18n/labels.ts';
import { booleanLabel } from './list.ts';
import type { FieldKind } from './fields.ts';
import { formatCurrency, isMinorUnits } from '../format/money.ts';

/**
 * Plain-text forms of field values in the user's language (enum labels, Yes/No, dates, numbers):
 * what the list cells show, and what an export writes (server/exports/).
 */

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** One formatter per language and style: making an Intl formatter costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f as T;
}

export function formatDateTime(value: string, lang: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(`dt:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

export function formatDate(value: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatter(`d:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' })).format(date);
}

/**
 * Money as the user reads it: 2 decimals and the language's digit grouping, computed on digits
 * (never a float): an integer is minor units (12345 → 123.45), a decimal string is rounded to cents.
 */
export function formatMoney(value: number | string, lang: Language): string {
  const raw = typeof value === 'number' ? (Number.isSafeInteger(value) ? value.toString() : undefined) : /^-?\d+(\.\d+)?$/.test(value) ? value : undefined;
  if (raw === undefined) return String(value);
  const negative = raw.startsWith('-');
  const digits = negative ? raw.slice(1) : raw;
  let cents: bigint;
  if (typeof value === 'number') cents = BigInt(digits);
  else {
    const [whole = '0', frac = ''] = digits.split('.');
    const third = Number(frac[2] ?? '0');
    cents = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2)) + (third >= 5 ? 1n : 0n);
  }
  const grouped = formatter(`g:${lang}`, () => new Intl.NumberFormat(lang, { useGrouping: true })).format(cents / 100n);
  const text = `${grouped}.${(cents % 100n).toString().padStart(2, '0')}`;
  return negative && cents !== 0n ? `-${text}` : text;
}

/**
 * An amount (`x-money`) as text, or undefined for a field that is not one: in the record's
 * currency (`{ currency }`, read in `doc`) when the document names one, or the declared one
 * (`{ code }`), else with 2 decimals.
 */
export function moneyText(node: FieldSchema | undefined, value: unknown, lang: Language, doc?: Record<string, unknown>): string | undefined {
  const money = node?.['x-money'];
  if (!money || (typeof value !== 'number' && typeof value !== 'string')) return undefined;
  // {code}: one fixed currency (a statement's total in USD); {currency}: the document path holding it.
  const currency = typeof money !== 'object' ? undefined : 'code' in money ? money.code : doc ? valueAt(doc, money.currency) : undefined;
  if (typeof currency === 'string' && currency && isMinorUnits(value)) return formatCurrency(value, currency, lang);
  return formatMoney(value, lang);
}

/** One scalar value as text; '' for an empty value. Lookup values are labelled by the caller; `doc` (the record's document) gives an amount its currency. */
export function formatScalar(kind: FieldKind, node: FieldSchema | undefined, value: unknown, lang: Language, doc?: Record<string, unknown>): string {
  if (isBlank(value)) return '';
  if (typeof value === 'boolean') return booleanLabel(value, lang);
  const money = moneyText(node, value, lang, doc);
  if (money !== undefined) return money;
  if (hasChoices(node)) return enumLabel(node, value, lang);
  if (kind === 'datetime' && typeof value === 'string') return formatDateTime(value, lang);
  if (kind === 'date' && typeof value === 'string') return formatDate(value, lang);
  if (typeof value === 'number') return formatter(`n:${lang}`, () => new Intl.NumberFormat(lang)).format(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const SYSTEM_VALUES: Record<string, (r: EntityRecord) => unknown> = {
  $id: (r) => r.id,
  $createdAt: (r) => r.createdAt,
  $updatedAt: (r) => r.updatedAt,
  $version: (r) => r.version,
  $companyName: (r) => r.companyName,
};

/**
 * The value a view's field path names in a record: a state, a system field or a doc path. With
 * `lang`, the record's company is named in it (`$companyName`: the English name to English readers).
 */
export function recordValue(record: EntityRecord, path: string, lang?: Language): unknown {
  if (path === '$companyName' && lang === 'en-US' && record.companyNameEn) return record.companyNameEn;
  if (path.startsWith('$')) return record.states[path] ?? SYSTEM_VALUES[path]?.(record);
  return valueAt(record.doc, path);
}
