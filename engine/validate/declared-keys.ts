import type { SchemaBudget } from './schema-limits.ts';

export type Node = Record<string, unknown>;

export const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Subschemas that apply to the same instance as their parent (its branches, its conditions' outcomes). */
export const BRANCH_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
export const BRANCH_ONES = ['then', 'else'] as const;
export const BRANCH_MAPS = ['dependencies', 'dependentSchemas'] as const;
/** Subschemas that test the instance rather than constrain it: never changed, and what they reference stays open. */
export const TEST_ONES = ['not', 'if', 'contains', 'propertyNames'] as const;

/** Keywords beside a `$ref` that make its target a part of the node rather than the whole of it. */
const SHARING = ['properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', ...BRANCH_LISTS, ...BRANCH_ONES, ...BRANCH_MAPS, 'if', 'not'];

/** Whether a node with a `$ref` has keywords of its own that describe the same object's keys. */
export const sharesRef = (node: Node): boolean => SHARING.some((k) => Object.hasOwn(node, k));

/** A JSON pointer segment, escaped (`a/b` → `a~1b`). */
export const escapeSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The JSON pointer (escaped, `''` for the root) a `$ref` names inside this schema: `#`, `#/definitions/a`,
 * or the same after the root's own `$id`. Undefined for any other reference (another document, an anchor).
 */
export function localPointer(ref: string, rootId: unknown): string | undefined {
  const own = typeof rootId === 'string' && rootId && ref.startsWith(`${rootId.split('#')[0]}#`) ? ref.slice(rootId.split('#')[0]!.length) : ref;
  if (own !== '#' && !own.startsWith('#/')) return undefined;
  try {
    return decodeURIComponent(own.slice(1));
  } catch {
    return undefined;
  }
}

/** The node a local pointer names, own keys only; undefined when it names nothing. */
export function atPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur) && /^\d+$/.test(key)) cur = cur[Number(key)];
    else if (isNode(cur) && Object.hasOwn(cur, key)) cur = cur[key];
    else return undefined;
  }
  return cur;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A branch that lets more keys in by itself (`additionalProperties: true`, patterns): its object cannot be closed. */
const opensKeys = (node: Node): boolean =>
  (node.additionalProperties !== undefined && node.additionalProperties !== false) ||
  (node.unevaluatedProperties !== undefined && node.unevaluatedProperties !== false) ||
  node.patternProperties !== undefined;

/** Adds the keys one schema node names itself: properties, required, dependencies and the `if`'s properties. */
function addOwnKeys(node: Node, keys: Set<string>): void {
  for (const k of Object.keys(isNode(node.properties) ? node.properties : {})) keys.add(k);
  for (const k of strings(node.required)) keys.add(k);
  for (const map of [node.dependencies, node.dependentRequired, node.dependentSchemas]) {
    if (!isNode(map)) continue;
    for (const [k, v] of Object.entries(map)) {
      keys.add(k);
      for (const d of strings(v)) keys.add(d);
    }
  }
  if (isNode(node.if) && isNode(node.if.properties)) for (const k of Object.keys(node.if.properties)) keys.add(k);
}

/** The subschemas of a node that describe the same object: its branches, and its local `$ref`'s target. */
function sameObjectParts(node: Node, root: Node): unknown[] | undefined {
  const parts: unknown[] = [];
  if (node.$recursiveRef !== undefined || node.$dynamicRef !== undefined) return undefined;
  if (typeof node.$ref === 'string') {
    const pointer = localPointer(node.$ref, root.$id);
    const target = pointer === undefined ? undefined : atPointer(root, pointer);
    if (target === undefined) return undefined;
    parts.push(target);
  }
  for (const k of BRANCH_LISTS) if (Array.isArray(node[k])) parts.push(...(node[k] as unknown[]));
  for (const k of BRANCH_ONES) if (node[k] !== undefined) parts.push(node[k]);
  for (const k of BRANCH_MAPS) if (isNode(node[k])) parts.push(...Object.values(node[k]).filter(isNode));
  return parts;
}

/**
 * Every key an object schema names for its instance — its own properties, `required` and
 * dependencies, and those of the subschemas that describe the same object (allOf/anyOf/oneOf,
 * if/then/else, dependencies, a local `$ref`), followed once each. Undefined when they cannot be
 * known: a reference to another document, a branch that admits more keys by itself.
 */
export function declaredKeys(node: Node, root: Node, budget: SchemaBudget): Set<string> | undefined {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const queue: unknown[] = [node];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (!isNode(next) || seen.has(next)) continue;
    seen.add(next);
    budget.spend();
    if (next !== node && opensKeys(next)) return undefined;
    addOwnKeys(next, keys);
    const parts = sameObjectParts(next, root);
    if (!parts) return undefined;
    queue.push(...parts);
  }
  return keys;
}
