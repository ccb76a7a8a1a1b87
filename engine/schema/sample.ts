import type { FieldSchema } from '../declaration/types.ts';

/**
 * A small value that satisfies a (payload) schema: used to ask a machine whether an event with a
 * payload could be taken before the user has typed it, and by model-based tests.
 */
export function sampleValue(node: FieldSchema | undefined): unknown {
  if (!node) return undefined;
  if (node.const !== undefined) return node.const;
  if (node.default !== undefined) return node.default;
  if (node.enum?.length) return node.enum[0];
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of node.required ?? []) out[key] = sampleValue(node.properties?.[key]);
      return out;
    }
    case 'array':
      return Array.from({ length: node.minItems ?? 0 }, () => sampleValue(node.items));
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1);
    default:
      if (node.format === 'date') return '2024-01-01';
      if (node.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (node.format === 'email') return 'sample@example.com';
      return 'x'.repeat(Math.max(1, node.minLength ?? 1));
  }
}
