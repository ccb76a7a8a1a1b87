import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { resolveNode } from './resolve.ts';

/**
 * Fills the declared `default` of every property a new document leaves out (objects that are
 * present get their own missing defaults too). Arrays are left alone. Used when a record is created,
 * so a document saved by any client carries the defaults its form would have shown
 * (e.g. the judgment rule: simple acceptance, w=0).
 */
export function withDefaults(schema: EntitySchema, doc: Record<string, unknown>): Record<string, unknown> {
  const fill = (node: FieldSchema, value: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...value };
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const resolved = resolveNode(schema, child);
      if (out[key] === undefined && resolved.default !== undefined) out[key] = structuredClone(resolved.default);
      const v = out[key];
      if (resolved.properties && v && typeof v === 'object' && !Array.isArray(v)) out[key] = fill(resolved, v as Record<string, unknown>);
    }
    return out;
  };
  return fill(schema, doc);
}
