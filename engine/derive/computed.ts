import type { ComputedField, EntityDeclaration } from '../declaration/types.ts';
import { valueAt } from '../schema/resolve.ts';

/**
 * Fields the server computes from others (an entity's `computed`, docs/declarations.md §3): each
 * is the sum of its terms, a term being a document field (an integer amount in minor units, or a
 * count) times `times` (a number) and `timesField` (another field: a rate) and divided by `per`, rounded half away from zero. The arithmetic is on
 * BigInt, so amounts stay exact. Fields are computed in declaration order (a later one may add an
 * earlier one); an absent term counts 0. A term with `each` is summed over the objects of that list,
 * its `field` and `timesField` read in each item (a quotation's lines: `{"each": "lines", "field": "amount"}`).
 */

const toBig = (v: unknown): bigint => (typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : 0n);

/** n / d rounded half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= (d < 0n ? -d : d)) return q + ((n < 0n) !== (d < 0n) ? -1n : 1n);
  return q;
}

type Term = ComputedField['sum'][number];

/** A term's value in one object (the document, or one item of the list `each` names). */
function termValue(term: Term, at: Record<string, unknown>): bigint {
  const factor = term.timesField ? toBig(valueAt(at, term.timesField)) : 1n;
  const value = toBig(valueAt(at, term.field)) * BigInt(term.times ?? 1) * factor;
  return term.per ? divRound(value, BigInt(term.per)) : value;
}

/** The objects of the list at `each` (its items that are objects); the list is bounded by its schema's maxItems. */
function itemsAt(doc: Record<string, unknown>, each: string): Record<string, unknown>[] {
  const list = valueAt(doc, each);
  return Array.isArray(list) ? list.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)) : [];
}

export function computeValue(spec: ComputedField, doc: Record<string, unknown>): number {
  let total = 0n;
  for (const term of spec.sum) {
    // `each`: the term is summed over the items of a list (a quotation's priced lines), each rounded on its own.
    if (term.each) for (const item of itemsAt(doc, term.each)) total += termValue(term, item);
    else total += termValue(term, doc);
  }
  return Number(total);
}

/** The document with every declared computed field (top-level) recomputed. */
export function withComputedFields(entity: Pick<EntityDeclaration, 'computed'>, doc: Record<string, unknown>): Record<string, unknown> {
  if (!entity.computed) return doc;
  const out = { ...doc };
  for (const [field, spec] of Object.entries(entity.computed)) out[field] = computeValue(spec, out);
  return out;
}
