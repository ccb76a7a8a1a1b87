import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { resolveNode, tryResolveNode } from '../schema/resolve.ts';
import { enter, isRecursive, RefTrail, WalkBudget } from '../schema/walk.ts';
import { fieldPath, pathKeys } from '../schema/field-path.ts';
import type { FieldShape, FieldType, ValueType } from './types.ts';

/** Lists of lists are typed this deep (a chain, not a tree: one step per level). */
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
  const items = type === 'array' && node.items && depth < MAX_DEPTH ? tryResolveNode(root, node.items) : undefined;
  if (items) out.items = fieldTypeOf(root, items, depth + 1);
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
 * (array levels are implicit, as in views: `samples.sampleNo`). `$ref`s are followed once per
 * path (engine/schema/walk.ts): a recursive field (a tree's children) is listed, its insides
 * once, where the recursion starts; a diff or a migration does not go into its deeper levels.
 */
export function collectFields(root: EntitySchema, budget = new WalkBudget()): Map<string, FieldShape> {
  const out = new Map<string, FieldShape>();
  const walk = (node: FieldSchema, keys: readonly string[], listScope: string, trail: RefTrail) => {
    for (const [key, raw] of Object.entries(node.properties ?? {})) {
      const entered = enter(root, raw, trail, budget);
      if (!entered) continue;
      const path = fieldPath([...keys, key]);
      const recursive = isRecursive(entered);
      const child = recursive ? resolveNode(root, { $ref: entered.recursive }) : entered.node;
      const type = fieldTypeOf(root, child);
      out.set(path, { path, keys: [...keys, key], type, listScope, ...(child.default !== undefined ? { default: child.default } : {}) });
      if (recursive) continue;
      const inner = type.type === 'array' && child.items ? enter(root, child.items, entered.trail, budget) : { node: child, trail: entered.trail };
      if (inner && !isRecursive(inner) && inner.node.properties) walk(inner.node, [...keys, key], type.type === 'array' ? path : listScope, inner.trail);
    }
  };
  walk(root, [], '', RefTrail.ROOT);
  return out;
}

/** The path's depth: `a` is 1, `a.b` and `/a.b/c` are 2. */
export const depthOf = (path: string): number => pathKeys(path).length;
