import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { enter, isRecursive, RefTrail, WalkBudget } from '../schema/walk.ts';
import { docKeys, fieldPath } from '../schema/field-path.ts';

/**
 * A string field picking a record through a named lookup source (`x-lookup`), at any depth, lists
 * included: its dotted path (`samples.materialId`), the source, its node (for the label) and the
 * ids a document holds there. The path is a field path (dotted, or a JSON pointer for keys a dot
 * cannot spell: engine/schema/field-path.ts).
 */
export interface LookupReference {
  path: string;
  source: string;
  node: FieldSchema;
  idsIn(doc: unknown): string[];
  /** What the source is told of the document (`x-lookupContext`): parameter → dotted path from the root. */
  context?: Record<string, string>;
}

type Reader = (doc: unknown) => unknown[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Walk {
  root: EntitySchema;
  sources: ReadonlySet<string>;
  out: LookupReference[];
  budget: WalkBudget;
}

/** Each reference once per path (engine/schema/walk.ts): a lookup inside a tree's deeper levels is found where the recursion starts. */
function walk(w: Walk, node: FieldSchema, path: string[], read: Reader, trail: RefTrail): void {
  const entered = enter(w.root, node, trail, w.budget);
  if (!entered || isRecursive(entered)) return;
  const resolved = entered.node;
  const { sources, out } = w;
  const source = resolved['x-lookup'];
  if (source && sources.has(source) && resolved.type === 'string') {
    const context = resolved['x-lookupContext'];
    out.push({ path: fieldPath(path), source, node: resolved, idsIn: (doc) => read(doc).filter((v): v is string => typeof v === 'string' && v !== ''), ...(context ? { context } : {}) });
    return;
  }
  if (resolved.type === 'array' && resolved.items) {
    walk(w, resolved.items, path, (doc) => read(doc).flatMap((v) => (Array.isArray(v) ? v : [])), entered.trail);
    return;
  }
  for (const [key, child] of Object.entries(resolved.properties ?? {})) {
    walk(w, child, [...path, key], (doc) => read(doc).flatMap((v) => (isObject(v) && key in v ? [v[key]] : [])), entered.trail);
  }
}

/** The fields of a schema picking records through one of `sources` (a TRF sample's `materialId`, `x-lookup: materials`). */
export function lookupReferences(schema: EntitySchema, sources: ReadonlySet<string>): LookupReference[] {
  const out: LookupReference[] = [];
  walk({ root: schema, sources, out, budget: new WalkBudget() }, schema, [], (doc) => [doc], RefTrail.ROOT);
  return out;
}

/** A lookup's context values in a document (`x-lookupContext`): each parameter's text at its path; empty ones left out. */
export function lookupContextValues(context: Readonly<Record<string, string>> | undefined, doc: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [param, path] of Object.entries(context ?? {})) {
    let cur: unknown = doc;
    for (const part of docKeys(path)) cur = isObject(cur) ? cur[part] : undefined;
    if ((typeof cur === 'string' && cur.trim()) || typeof cur === 'number') out[param] = String(cur).trim();
  }
  return out;
}
