import type { FieldType } from './types.ts';
import { sameType } from './field-shapes.ts';

/** A converted value; `undefined` means the field is left out (an empty list became a single value). */
export type Converted = { ok: true; value: unknown } | { ok: false };

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const OTHER_DATE = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$|^(\d{4})(\d{2})(\d{2})$/;
const MIDNIGHT_UTC = /^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?(Z|[+-]00:?00)$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const ok = (value: unknown): Converted => ({ ok: true, value });
const FAIL: Converted = { ok: false };

/** `2024/3/5`, `2024.03.05`, `20240305` or `2024-03-05` → `2024-03-05` when it is a real calendar day. */
function isoDate(value: string): string | undefined {
  const m = ISO_DATE.exec(value) ?? OTHER_DATE.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = (m[4] ? [m[4], m[5], m[6]] : [m[1], m[2], m[3]]).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

function toDateString(value: string, format: FieldType['format']): Converted {
  if (format === 'date') {
    const day = isoDate(value) ?? MIDNIGHT_UTC.exec(value)?.[1];
    return day ? ok(day) : FAIL;
  }
  if (format === 'date-time') {
    if (DATE_TIME.test(value)) return ok(value);
    const day = isoDate(value);
    return day ? ok(`${day}T00:00:00Z`) : FAIL;
  }
  return ok(value);
}

function convertScalar(value: unknown, to: FieldType): Converted {
  switch (to.type) {
    case 'any':
      return ok(value);
    case 'string':
      if (typeof value === 'string') return toDateString(value, to.format);
      if (typeof value === 'number' || typeof value === 'boolean') return to.format ? FAIL : ok(String(value));
      return FAIL;
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) return FAIL;
      return to.type === 'integer' && !Number.isInteger(n) ? FAIL : ok(n);
    }
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      return value === 'true' ? ok(true) : value === 'false' ? ok(false) : FAIL;
    case 'object':
      return value && typeof value === 'object' && !Array.isArray(value) ? ok(value) : FAIL;
    case 'null':
      return value === null ? ok(null) : FAIL;
    case 'array':
      return FAIL;
  }
}

/**
 * Converts a stored value to a field's new type where that loses nothing: string ↔ number,
 * number → integer (whole numbers), boolean ↔ 'true'/'false', scalar → one-item array (and a
 * one-item array back), date ↔ date-time (midnight UTC back to a date) and other date spellings
 * to ISO. Anything else fails, and the caller lists the record instead of dropping the value.
 */
export function convertValue(value: unknown, to: FieldType): Converted {
  if (value === null || value === undefined) return ok(value);
  if (to.type === 'array') {
    const items = Array.isArray(value) ? value : [value];
    const out: unknown[] = [];
    for (const item of items) {
      const c = to.items ? convertValue(item, to.items) : ok(item);
      if (!c.ok) return FAIL;
      out.push(c.value);
    }
    return ok(out);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return ok(undefined);
    return value.length === 1 ? convertValue(value[0], to) : FAIL;
  }
  return convertScalar(value, to);
}

/** Whether every value of type `from` converts to `to` (a diff says so, so the designer knows what to expect). */
export function isLossless(from: FieldType, to: FieldType): boolean {
  if (sameType(from, to) || to.type === 'any') return true;
  if (to.type === 'array') return to.items ? isLossless(from.type === 'array' && from.items ? from.items : from, to.items) : true;
  if (from.type === 'array') return false;
  if (to.type === 'string' && !to.format) return ['string', 'number', 'integer', 'boolean'].includes(from.type);
  if (to.type === 'string' && to.format === 'date-time') return from.type === 'string' && from.format === 'date';
  return to.type === 'number' && from.type === 'integer';
}
