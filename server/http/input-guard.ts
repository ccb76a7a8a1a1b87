import type { FastifyInstance } from 'fastify';
import { fieldPath } from '../../engine/index.ts';
import { ApiError } from './errors.ts';

/** How deep a request document may nest, and how many values it may hold in all. */
export const MAX_DEPTH = 32;
export const MAX_VALUES = 20_000;
/** Numbers beyond this magnitude are refused: nothing the portal stores needs them, and SQL casts overflow. */
export const MAX_MAGNITUDE = 1e15;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL stores no NUL character in text or jsonb, and no unpaired UTF-16 surrogate. */
export function storableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/**
 * Whether a request part is an object of storable strings under storable keys (a route's
 * parameters, most query strings): nothing in it to refuse, checked without the walk below.
 */
function storableStrings(value: unknown): boolean {
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  let count = 0;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'string' || ++count >= MAX_VALUES || !storableText(item) || !storableText(key)) return false;
  }
  return true;
}

/**
 * Walks a parsed request part (body, query, params) and refuses, with a 400 naming the field,
 * what the database cannot store or the server should not walk: NUL and lone surrogates in any
 * string or key, non-finite or huge numbers, documents nested too deeply or too large.
 */
export function checkInput(value: unknown, where: string): void {
  if (value === undefined || value === null || storableStrings(value)) return;
  let count = 0;
  // The keys down to the value being walked; its field path (engine/schema/field-path.ts) is spelled only for an error.
  const keys: string[] = [];
  const refuse = (code: 'BAD_TEXT' | 'BAD_NUMBER', keyword: string, ownKey = true): never => {
    const path = fieldPath(ownKey ? keys : keys.slice(0, -1));
    throw new ApiError(400, code, { field: path || where }, [{ field: path || where, keyword, message: path || where }]);
  };
  const walk = (v: unknown, depth: number): void => {
    if (++count > MAX_VALUES) throw new ApiError(400, 'TOO_LARGE_DOC', { max: MAX_VALUES });
    if (typeof v === 'string') {
      if (!storableText(v)) refuse('BAD_TEXT', 'text');
      return;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Math.abs(v) > MAX_MAGNITUDE) refuse('BAD_NUMBER', 'range');
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (depth >= MAX_DEPTH) throw new ApiError(400, 'TOO_DEEP', { max: MAX_DEPTH });
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (const [key, item] of entries) {
      keys.push(key);
      // A key the database cannot store is named by the object holding it.
      if (!storableText(key)) refuse('BAD_TEXT', 'text', false);
      walk(item, depth + 1);
      keys.pop();
    }
  };
  walk(value, 0);
}

/** Every route's body, query and parameters pass `checkInput` before validation and the handler. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    checkInput(req.params, 'params');
    checkInput(req.query, 'query');
    if (!Buffer.isBuffer(req.body)) checkInput(req.body, 'body');
  });
}
