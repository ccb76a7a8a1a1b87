import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { resolveNode } from '../schema/resolve.ts';
import { fieldPath, pathKeys } from '../schema/field-path.ts';
import type { FieldShape, FieldType, ValueType } from './types.ts';

/** Deeper than this, a schema is treated as recursive and not walked further. */
const MAX_DEPTH = 16;
const VALUE_TYPES: readonly ValueType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

function jsonTypeOf(node: FieldSchema): ValueType {
  const declared: unknown = node.type;
  const first = Array.isArray(declared) ? declared.find((t) => t !== 'null') : declared;
  if (typeof first === 'string' && (VALUE_TYPES as readonly string[]).includes(first)) return first as ValueType;
  if (node.properties) return 'object';
  if (node.items) return 'array';
  const sample = node.enum?.[0] ?? node.const;
  if (typeof sample === 'string' || typeof sample === 'boolean') return typeof sample as ValueType;
  if (typeof sample === 'number') return Number.isInteger(sample) ? 'integer' : 'number';
  return 'any';
}

/** A node's type as a migration sees it (formats other than date and date-time do not matter). */
export function fieldTypeOf(root: EntitySchema, node: FieldSchema, depth = 0): FieldType {
  const type = jsonTypeOf(node);
  const out: FieldType = { type };
  if (type === 'string' && (node.format === 'date' || node.format === 'date-time')) out.format = node.format;
  if (type === 'array' && node.items && depth < MAX_DEPTH) out.items = fieldTypeOf(root, resolveNode(root, node.items), depth + 1);
  return out;
}

/** `string`, `string(date)`, `array<number>`: how a type reads in a diff. */
export function describeType(t: FieldType): string {
  if (t.type === 'array' && t.items) return `array<${describeType(t.items)}>`;
  return t.format ? `${t.type}(${t.format})` : t.type;
}

export function sameType(a: FieldType, b: FieldType): boolean {
  return describeType(a) === describeType(b);
}

/**
 * Every field of a schema by field path (dotted, or a JSON pointer when a key needs it:
 * engine/schema/field-path.ts), nested objects and objects inside arrays included
 * (array levels are implicit, as in views: `samples.sampleNo`). `$ref`s are followed.
 */
export function collectFields(root: EntitySchema): Map<string, FieldShape> {
  const out = new Map<string, FieldShape>();
  const walk = (node: FieldSchema, keys: readonly string[], listScope: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const [key, raw] of Object.entries(node.properties ?? {})) {
      const child = resolveNode(root, raw);
      const path = fieldPath([...keys, key]);
      const type = fieldTypeOf(root, child);
      out.set(path, { path, keys: [...keys, key], type, listScope, ...(child.default !== undefined ? { default: child.default } : {}) });
      const inner = type.type === 'array' && child.items ? resolveNode(root, child.items) : child;
      if (inner.properties) walk(inner, [...keys, key], type.type === 'array' ? path : listScope, depth + 1);
    }
  };
  walk(root, [], '', 0);
  return out;
}

/** The path's depth: `a` is 1, `a.b` and `/a.b/c` are 2. */
export const depthOf = (path: string): number => pathKeys(path).length;
