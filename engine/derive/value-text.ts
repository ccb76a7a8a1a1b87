import type { FieldSchema, Language } from '../declaration/types.ts';
import type { EntityRecord } from '../api-contract.ts';
import { valueAt } from '../schema/resolve.ts';
import { enumLabel } from '../i18n/labels.ts';
import { booleanLabel } from './list.ts';
import type { FieldKind } from './fields.ts';

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

/** One scalar value as text; '' for an empty value. Lookup values are labelled by the caller. */
export function formatScalar(kind: FieldKind, node: FieldSchema | undefined, value: unknown, lang: Language): string {
  if (isBlank(value)) return '';
  if (typeof value === 'boolean') return booleanLabel(value, lang);
  if (node?.enum || node?.['x-enumLabels']) return enumLabel(node, value, lang);
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

/** The value a view's field path names in a record: a state, a system field or a doc path. */
export function recordValue(record: EntityRecord, path: string): unknown {
  if (path.startsWith('$')) return record.states[path] ?? SYSTEM_VALUES[path]?.(record);
  return valueAt(record.doc, path);
}
