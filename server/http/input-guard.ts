import type { FastifyInstance } from 'fastify';
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
 * Walks a parsed request part (body, query, params) and refuses, with a 400 naming the field,
 * what the database cannot store or the server should not walk: NUL and lone surrogates in any
 * string or key, non-finite or huge numbers, documents nested too deeply or too large.
 */
export function checkInput(value: unknown, where: string): void {
  let count = 0;
  const walk = (v: unknown, path: string, depth: number): void => {
    if (++count > MAX_VALUES) throw new ApiError(400, 'TOO_LARGE_DOC', { max: MAX_VALUES });
    if (typeof v === 'string') {
      if (!storableText(v)) throw new ApiError(400, 'BAD_TEXT', { field: path }, [{ field: path, keyword: 'text', message: path }]);
      return;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Math.abs(v) > MAX_MAGNITUDE) throw new ApiError(400, 'BAD_NUMBER', { field: path }, [{ field: path, keyword: 'range', message: path }]);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (depth >= MAX_DEPTH) throw new ApiError(400, 'TOO_DEEP', { max: MAX_DEPTH });
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(v)) {
      const at = path ? `${path}.${key}` : key;
      if (!storableText(key)) throw new ApiError(400, 'BAD_TEXT', { field: path || where }, [{ field: path || where, keyword: 'text', message: where }]);
      walk(item, at, depth + 1);
    }
  };
  walk(value, '', 0);
}

/** Every route's body, query and parameters pass `checkInput` before validation and the handler. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    checkInput(req.params, 'params');
    checkInput(req.query, 'query');
    if (!Buffer.isBuffer(req.body)) checkInput(req.body, 'body');
  });
}
