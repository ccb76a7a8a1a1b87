import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { MAX_FIELD_DEPTH, resolveNode } from '../schema/resolve.ts';
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

function walk(root: EntitySchema, node: FieldSchema, path: string[], read: Reader, sources: ReadonlySet<string>, out: LookupReference[], depth = 0): void {
  // A recursive schema (a tree) is walked this deep only.
  if (depth > MAX_FIELD_DEPTH) return;
  const resolved = resolveNode(root, node);
  const source = resolved['x-lookup'];
  if (source && sources.has(source) && resolved.type === 'string') {
    const context = resolved['x-lookupContext'];
    out.push({ path: fieldPath(path), source, node: resolved, idsIn: (doc) => read(doc).filter((v): v is string => typeof v === 'string' && v !== ''), ...(context ? { context } : {}) });
    return;
  }
  if (resolved.type === 'array' && resolved.items) {
    walk(root, resolved.items, path, (doc) => read(doc).flatMap((v) => (Array.isArray(v) ? v : [])), sources, out, depth + 1);
    return;
  }
  for (const [key, child] of Object.entries(resolved.properties ?? {})) {
    walk(root, child, [...path, key], (doc) => read(doc).flatMap((v) => (isObject(v) && key in v ? [v[key]] : [])), sources, out, depth + 1);
  }
}

/** The fields of a schema picking records through one of `sources` (a TRF sample's `materialId`, `x-lookup: materials`). */
export function lookupReferences(schema: EntitySchema, sources: ReadonlySet<string>): LookupReference[] {
  const out: LookupReference[] = [];
  walk(schema, schema, [], (doc) => [doc], sources, out);
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
