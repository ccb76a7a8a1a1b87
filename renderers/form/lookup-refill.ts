import { docKeys } from '../../engine/index.ts';
import type { Doc } from './form-document.ts';

/** What the server sends with a stale lookup snapshot (409 LOOKUP_STALE): the fresh values the pick fills, in the object at `at`. */
export interface LookupRefill {
  at: string;
  field: string;
  values: Record<string, string>;
}

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The refill an error carries, if it is one. */
export function refillOf(data: unknown): LookupRefill | undefined {
  const refill = isDoc(data) ? data.refill : undefined;
  if (!isDoc(refill) || typeof refill.at !== 'string' || typeof refill.field !== 'string' || !isDoc(refill.values)) return undefined;
  return { at: refill.at, field: refill.field, values: Object.fromEntries(Object.entries(refill.values).filter((e): e is [string, string] => typeof e[1] === 'string')) };
}

/** `doc` with the fresh values written into the object at the refill's path (a copy). */
export function applyRefill(doc: Doc, refill: LookupRefill): Doc {
  const out: Doc = { ...doc };
  let target = out;
  for (const part of docKeys(refill.at)) {
    const inner = { ...(isDoc(target[part]) ? target[part] : {}) };
    target[part] = inner;
    target = inner;
  }
  Object.assign(target, refill.values);
  return out;
}
