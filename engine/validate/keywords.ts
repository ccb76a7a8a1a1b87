import type Ajv from 'ajv';
import type { DataValidateFunction, ErrorObject } from 'ajv/dist/types/index.js';
import { isCasNumber } from './cas.ts';
import { isUscc } from './uscc.ts';
import { isGln } from './gln.ts';

/**
 * The engine's own validation keywords, added to the one shared ajv configuration so the
 * browser (RJSF's `extenderFn`) and the server check the same rules. Each is an `x-` keyword:
 * plain JSON Schema readers ignore it, the engine enforces it.
 *
 * - `x-cas: true` — a string is a CAS number with a valid check digit.
 * - `x-uscc: true` — a string is a unified social credit code (统一社会信用代码, GB 32100-2015)
 *   with a valid check character (uscc.ts).
 * - `x-gln: true` — a string is a GS1 Global Location Number: 13 digits with the GS1 mod-10
 *   check digit (gln.ts).
 * - `x-sumTo: 100` on an array of objects — the items' `x-sumField` (default `percentage`) add up
 *   to the total (composition percentages); skipped while an item has no number there
 *   (`required` reports that).
 * - `x-dateRange: true | { maxDays }` on `[start, end]` — start not after end, and at most
 *   `maxDays` days apart.
 */
export const PORTICO_KEYWORDS = ['x-cas', 'x-uscc', 'x-gln', 'x-sumTo', 'x-sumField', 'x-dateRange'] as const;

/** Sums are compared after rounding to this many decimals (33.33 + 33.33 + 33.34 is 100). */
const SUM_DECIMALS = 6;
const DAY_MS = 86_400_000;

type Fail = (keyword: string, params: Record<string, unknown>) => false;

/** Reports one error; ajv fills in its instance and schema paths. */
function failer(fn: DataValidateFunction): Fail {
  return (keyword, params) => {
    fn.errors = [{ keyword, params, message: keyword } as Partial<ErrorObject> as ErrorObject];
    return false;
  };
}

function checkCas(this: unknown, schema: unknown, data: unknown, _parent?: unknown): boolean {
  const fail = failer(checkCas as DataValidateFunction);
  if (schema !== true || typeof data !== 'string') return true;
  return isCasNumber(data) || fail('x-cas', { value: data });
}

function checkUscc(this: unknown, schema: unknown, data: unknown, _parent?: unknown): boolean {
  const fail = failer(checkUscc as DataValidateFunction);
  if (schema !== true || typeof data !== 'string') return true;
  return isUscc(data) || fail('x-uscc', { value: data });
}

function checkGln(this: unknown, schema: unknown, data: unknown, _parent?: unknown): boolean {
  const fail = failer(checkGln as DataValidateFunction);
  if (schema !== true || typeof data !== 'string') return true;
  return isGln(data) || fail('x-gln', { value: data });
}

function checkSum(this: unknown, schema: unknown, data: unknown, parent?: unknown): boolean {
  const fail = failer(checkSum as DataValidateFunction);
  if (typeof schema !== 'number' || !Array.isArray(data)) return true;
  const declared = (parent as { 'x-sumField'?: unknown } | undefined)?.['x-sumField'];
  const field = typeof declared === 'string' ? declared : 'percentage';
  let sum = 0;
  for (const item of data) {
    const value = item && typeof item === 'object' && Object.hasOwn(item, field) ? (item as Record<string, unknown>)[field] : undefined;
    if (typeof value !== 'number') return true;
    sum += value;
  }
  const rounded = Number(sum.toFixed(SUM_DECIMALS));
  return rounded === schema || fail('x-sumTo', { total: schema, sum: rounded, field });
}

function checkDateRange(this: unknown, schema: unknown, data: unknown, _parent?: unknown): boolean {
  const fail = failer(checkDateRange as DataValidateFunction);
  if (!schema || !Array.isArray(data) || data.length !== 2) return true;
  const [start, end] = data.map((d) => (typeof d === 'string' ? Date.parse(d) : Number.NaN));
  if (start === undefined || end === undefined || Number.isNaN(start) || Number.isNaN(end)) return true;
  if (start > end) return fail('x-dateRange', { start: data[0], end: data[1] });
  const maxDays = typeof schema === 'object' ? (schema as { maxDays?: unknown }).maxDays : undefined;
  if (typeof maxDays === 'number' && (end - start) / DAY_MS > maxDays) {
    return fail('x-dateRangeSpan', { maxDays, start: data[0], end: data[1] });
  }
  return true;
}

/** Adds the engine's keywords to an ajv instance (idempotent); returns it, as RJSF's `extenderFn` wants. */
export function addPorticoKeywords(ajv: Ajv): Ajv {
  if (ajv.getKeyword('x-cas')) return ajv;
  ajv.addKeyword({ keyword: 'x-cas', schemaType: 'boolean', errors: true, validate: checkCas as DataValidateFunction });
  ajv.addKeyword({ keyword: 'x-uscc', schemaType: 'boolean', errors: true, validate: checkUscc as DataValidateFunction });
  ajv.addKeyword({ keyword: 'x-gln', schemaType: 'boolean', errors: true, validate: checkGln as DataValidateFunction });
  ajv.addKeyword({ keyword: 'x-sumTo', schemaType: 'number', errors: true, validate: checkSum as DataValidateFunction });
  ajv.addKeyword({ keyword: 'x-sumField', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-dateRange', schemaType: ['boolean', 'object'], errors: true, validate: checkDateRange as DataValidateFunction });
  return ajv;
}
