import { BRANCH_LISTS, BRANCH_MAPS, BRANCH_ONES, TEST_ONES, declaredKeys, escapeSegment, isNode, localPointer, sharesRef, type Node } from './declared-keys.ts';
import { SCHEMA_LIMITS, SchemaBudget, type SchemaLimits } from './schema-limits.ts';

/**
 * How a subschema stands to the value it describes: `instance` — the whole of a value (the root, a
 * property, a list item, a definition used as one); `part` — one of several descriptions of the same
 * value (an allOf/anyOf/oneOf branch, then/else, a dependency, a definition used so); `test` — a
 * condition on it (not, if, contains, propertyNames), left exactly as declared.
 */
type Role = 'instance' | 'part' | 'test';

/** Keywords whose values are subschemas of child values, each one an instance of its own. */
const CHILD_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const;
const CHILD_ONES = ['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems'] as const;
const CHILD_LISTS = ['prefixItems'] as const;

const typesOf = (node: Node): unknown[] => (Array.isArray(node.type) ? node.type : [node.type]);

/** Each subschema position of a node: its keyword path and its role. `items` is one schema or a list (a tuple). */
function* childrenOf(node: Node): Generator<{ path: string[]; child: unknown; role: Role | 'definition' }> {
  for (const k of CHILD_MAPS) {
    if (!isNode(node[k])) continue;
    for (const [key, child] of Object.entries(node[k])) yield { path: [k, key], child, role: k === 'definitions' || k === '$defs' ? 'definition' : 'instance' };
  }
  for (const k of CHILD_ONES) if (node[k] !== undefined) yield { path: [k], child: node[k], role: 'instance' };
  if (Array.isArray(node.items)) for (const [i, child] of node.items.entries()) yield { path: ['items', String(i)], child, role: 'instance' };
  else if (node.items !== undefined) yield { path: ['items'], child: node.items, role: 'instance' };
  for (const k of CHILD_LISTS) if (Array.isArray(node[k])) for (const [i, child] of (node[k] as unknown[]).entries()) yield { path: [k, String(i)], child, role: 'instance' };
  for (const k of BRANCH_LISTS) if (Array.isArray(node[k])) for (const [i, child] of (node[k] as unknown[]).entries()) yield { path: [k, String(i)], child, role: 'part' };
  for (const k of BRANCH_ONES) if (node[k] !== undefined) yield { path: [k], child: node[k], role: 'part' };
  for (const k of BRANCH_MAPS) if (isNode(node[k])) for (const [key, child] of Object.entries(node[k])) if (isNode(child)) yield { path: [k, key], child, role: 'part' };
  for (const k of TEST_ONES) if (node[k] !== undefined) yield { path: [k], child: node[k], role: 'test' };
}

/**
 * Pass one: the local pointers a `$ref` names where its target is only a part of a value (a branch,
 * a test, or beside the node's own keys) — those definitions are not closed. `open`: a reference
 * to elsewhere is used so, and no object of the schema can be closed safely.
 */
function partialTargets(root: Node, budget: SchemaBudget): { pointers: Set<string>; open: boolean } {
  const pointers = new Set<string>();
  let open = false;
  const seen = new Set<unknown>();
  const visit = (node: unknown, role: Role, depth: number): void => {
    if (!isNode(node) || seen.has(node)) return;
    seen.add(node);
    budget.spend(depth);
    const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
    const dynamic = node.$recursiveRef !== undefined || node.$dynamicRef !== undefined;
    if ((ref !== undefined || dynamic) && (role !== 'instance' || sharesRef(node))) {
      const pointer = ref === undefined ? undefined : localPointer(ref, root.$id);
      if (pointer === undefined) open = true;
      else pointers.add(pointer);
    }
    for (const { child, role: childRole } of childrenOf(node)) visit(child, childRole === 'definition' ? 'instance' : role === 'test' ? 'test' : childRole, depth + 1);
  };
  visit(root, 'instance', 0);
  return { pointers, open };
}

/** The default bound of a string node, by what it holds (`lookupItem`: an item of a list with an `x-lookup`, a multiple select). */
function stringLimit(node: Node, limits: SchemaLimits, lookupItem = false): number {
  if (node.format === 'data-url' || node.contentEncoding !== undefined) return limits.encodedMaxLength;
  if (typeof node['x-lookup'] === 'string' || lookupItem) return limits.idMaxLength;
  if (typeof node.format === 'string') return limits.formatMaxLength;
  return limits.maxLength;
}

interface Inherited {
  maxLength?: number;
  maxItems?: number;
  /** The node is the items of a list with an `x-lookup`: its strings are ids. */
  lookupItem?: boolean;
}

/** Sets the default bounds on a copied node that declares none; a bound its value's own node declared (`inherited`) is never lowered. */
function bound(out: Node, inherited: Inherited, limits: SchemaLimits): void {
  const types = typesOf(out);
  const fixed = out.enum !== undefined || out.const !== undefined;
  if (types.includes('string') && out.maxLength === undefined && !fixed) out.maxLength = Math.max(stringLimit(out, limits, inherited.lookupItem), inherited.maxLength ?? 0);
  if (types.includes('array') && out.maxItems === undefined && !fixed) out.maxItems = Math.max(limits.maxItems, inherited.maxItems ?? 0);
}

/** Whether an instance's object may be closed: it says nothing of other keys and names some keys of its own or through its parts. */
function mayClose(node: Node): boolean {
  if (node.additionalProperties !== undefined || node.unevaluatedProperties !== undefined) return false;
  if (node.type !== undefined && !typesOf(node).includes('object')) return false;
  const parts = [...BRANCH_LISTS, ...BRANCH_ONES, ...BRANCH_MAPS].some((k) => node[k] !== undefined);
  return node.properties !== undefined || node.patternProperties !== undefined || parts;
}

/** Closes a copied object: keys named only by its parts or `required` join its properties (as `{}`), then `additionalProperties: false`. */
function close(source: Node, out: Node, root: Node, budget: SchemaBudget): void {
  const keys = declaredKeys(source, root, budget);
  if (!keys || (!keys.size && source.patternProperties === undefined)) return;
  const properties: Node = isNode(out.properties) ? { ...out.properties } : {};
  for (const key of keys) if (!Object.hasOwn(properties, key)) Object.defineProperty(properties, key, { value: {}, enumerable: true, writable: true, configurable: true });
  out.properties = properties;
  out.additionalProperties = false;
}

/** Sets a key on a copy as an own entry (a key named `__proto__` stays a key). */
const put = (out: Node, key: string, value: unknown) => Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * The schema the engine validates with, made from a declaration (a static entity's, a template's, an
 * action's payload, a form's): a copy — the declaration is never changed — in which
 *
 * - every string without `maxLength` and every list without `maxItems` gets the default bound
 *   (SCHEMA_LIMITS: 10,000 characters; 256 for a lookup id, an item of a list with an `x-lookup`
 *   included; 2,048 for a formatted string; 1,000 items), except inside tests (`not`, `if`, `contains`, `propertyNames`) and on enums and consts;
 *   a branch under a node that declared a larger bound keeps that one;
 * - every object of a value that says nothing of other keys (no `additionalProperties`, no
 *   `unevaluatedProperties`) and names its keys — itself, or through allOf/anyOf/oneOf, if/then/else,
 *   dependencies or a local `$ref` — refuses undeclared keys: the keys its parts name join its
 *   `properties` as `{}` and it gets `additionalProperties: false`. Left open: an object naming no
 *   key (a free-form map), one whose part admits more keys itself or references another document,
 *   branches themselves, and definitions some branch or test references.
 *
 * The walk is bounded: each node once (a Set of visited nodes; a `$ref` is not followed, its target
 * is changed where it lives), at most `nodeBudget` nodes and `maxDepth` levels, else
 * `SchemaBudgetError` (code SCHEMA_TOO_LARGE).
 */
export function boundedSchema<T>(schema: T, overrides: Partial<SchemaLimits> = {}): T {
  if (!isNode(schema)) return schema;
  const limits = { ...SCHEMA_LIMITS, ...overrides };
  const budget = new SchemaBudget(limits);
  const partial = partialTargets(schema, budget);
  const made = new Map<unknown, Node>();
  const copy = (node: unknown, role: Role, pointer: string, inherited: Inherited, depth: number): unknown => {
    if (!isNode(node) || role === 'test') return node;
    const done = made.get(node);
    if (done) return done;
    budget.spend(depth);
    const out: Node = {};
    made.set(node, out);
    for (const [k, v] of Object.entries(node)) put(out, k, v);
    const own: Inherited = { maxLength: typeof node.maxLength === 'number' ? node.maxLength : inherited.maxLength, maxItems: typeof node.maxItems === 'number' ? node.maxItems : inherited.maxItems };
    const copied = new Set<string>();
    for (const { path, child, role: childRole } of childrenOf(node)) {
      const at = `${pointer}/${path.map(escapeSegment).join('/')}`;
      const asRole = childRole === 'definition' ? (partial.pointers.has(at) ? 'part' : 'instance') : childRole;
      const passed = asRole === 'part' ? own : path[0] === 'items' && typeof node['x-lookup'] === 'string' ? { lookupItem: true } : {};
      const changed = copy(child, asRole, at, passed, depth + 1);
      if (changed === child) continue;
      const [keyword, key] = path as [string, string | undefined];
      if (key === undefined) {
        put(out, keyword, changed);
        continue;
      }
      // The keyword's map or list is copied once, on its first changed entry.
      if (!copied.has(keyword)) out[keyword] = Array.isArray(out[keyword]) ? [...(out[keyword] as unknown[])] : { ...(out[keyword] as Node) };
      copied.add(keyword);
      const holder = out[keyword];
      if (Array.isArray(holder)) holder[Number(key)] = changed;
      else put(holder as Node, key, changed);
    }
    bound(out, inherited, limits);
    if (role === 'instance' && !partial.open && !partial.pointers.has(pointer) && mayClose(node)) close(node, out, schema, budget);
    return out;
  };
  return copy(schema, partial.pointers.has('') ? 'part' : 'instance', '', {}, 0) as T;
}
