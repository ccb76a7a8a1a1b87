import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { fieldPath, pathKeys } from './field-path.ts';

/** The schema a local reference points at: `#/definitions/x`, `#/$defs/x` or any JSON pointer (`#/properties/a~1b`), or undefined. */
export function refTarget(root: unknown, ref: string): FieldSchema | undefined {
  if (ref === '#') return root as FieldSchema;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let token: string;
    try {
      token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (!node || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? (/^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined) : own(node as Record<string, unknown>, token);
  }
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as FieldSchema) : undefined;
}

/** Walks over a schema's fields stop this deep: a recursive schema (a tree) would never end. */
export const MAX_FIELD_DEPTH = 16;

/** Deeper than this a chain of references is taken as a loop (`a` → `b` → `a`). */
const MAX_REF_CHAIN = 32;

/** A node with its local `$ref` followed (the referring node's own keywords win); undefined when the reference does not resolve. */
export function tryResolveNode(root: EntitySchema, node: FieldSchema): FieldSchema | undefined {
  let out = node;
  for (let i = 0; typeof out.$ref === 'string'; i++) {
    const target = i < MAX_REF_CHAIN ? refTarget(root, out.$ref) : undefined;
    if (!target) return undefined;
    const { $ref: _ref, ...siblings } = out;
    out = { ...target, ...siblings };
  }
  return out;
}

/** Resolves a local reference (`#/definitions/x`, `#/$defs/x`, a JSON pointer), keeping the referring node's own keywords. */
export function resolveNode(root: EntitySchema, node: FieldSchema): FieldSchema {
  const out = tryResolveNode(root, node);
  if (!out) throw new Error(`Unresolved $ref '${String(node.$ref)}' in schema ${root.$id}`);
  return out;
}

/** Subschema keywords whose value is one schema, a list of schemas, or a map of schemas. */
const ONE = ['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies', 'dependentSchemas'];

/** Every `$ref` in the schema that does not resolve, with the JSON path where it is (`schema.properties.a.items`). */
export function unresolvedRefs(root: EntitySchema, at = 'schema'): { at: string; ref: string }[] {
  const out: { at: string; ref: string }[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object' || Array.isArray(node) || seen.has(node)) return;
    seen.add(node);
    const n = node as Record<string, unknown>;
    if (typeof n.$ref === 'string' && !tryResolveNode(root, { $ref: n.$ref } as FieldSchema)) out.push({ at: path, ref: n.$ref });
    for (const k of ONE) if (Array.isArray(n[k])) (n[k] as unknown[]).forEach((c, i) => walk(c, `${path}.${k}.${i}`));
    else walk(n[k], `${path}.${k}`);
    for (const k of LIST) if (Array.isArray(n[k])) (n[k] as unknown[]).forEach((c, i) => walk(c, `${path}.${k}.${i}`));
    for (const k of MAP) {
      const map = n[k];
      if (map && typeof map === 'object' && !Array.isArray(map)) for (const [key, c] of Object.entries(map)) walk(c, `${path}.${k}.${key}`);
    }
  };
  walk(root, at);
  return out;
}

/** The schema node at a doc path (`buyer.name`, `/a.b`: field-path.ts), or undefined when the path is not declared. */
export function fieldAt(root: EntitySchema, path: string): FieldSchema | undefined {
  let node: FieldSchema | undefined = root;
  for (const part of pathKeys(path)) {
    if (!node) return undefined;
    node = resolveNode(root, node);
    node = node.type === 'array' ? node.items && resolveNode(root, node.items) : node;
    node = own(node?.properties, part);
  }
  return node && resolveNode(root, node);
}

/** Whether a field path passes through a list (`samples.price`: a value in each row, not one value). */
export function crossesList(root: EntitySchema, path: string): boolean {
  const keys = pathKeys(path);
  return keys.slice(0, -1).some((_, i) => fieldAt(root, fieldPath(keys.slice(0, i + 1)))?.type === 'array');
}

/**
 * Which keys of a concrete document path (`samples.0.sampleNo`, `/a.b/0/c`) are array indexes: a
 * key made of digits where the schema has an array (or where the schema no longer says). A digit
 * key of an object (`2024`) stays a key.
 */
export function arrayIndexes(root: EntitySchema, keys: readonly string[]): boolean[] {
  let node: FieldSchema | undefined = root;
  return keys.map((key) => {
    const resolved: FieldSchema | undefined = node && resolveNode(root, node);
    const index = /^\d+$/.test(key) && (!resolved || resolved.type === 'array');
    if (index) node = resolved?.items;
    else node = own((resolved?.type === 'array' ? resolved.items && resolveNode(root, resolved.items) : resolved)?.properties, key);
    return index;
  });
}

/** Reads a doc path (dotted or pointer, field-path.ts) out of a document; only own keys. */
export function valueAt(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of pathKeys(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = own(cur as Record<string, unknown>, part);
  }
  return cur;
}

/** A copy of the schema with every `required` removed: what a draft is checked against. */
export function withoutRequired<T extends FieldSchema>(schema: T): T {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) if (k !== 'required' || !Array.isArray(v)) out[k] = strip(v);
    return out;
  };
  return strip(schema) as T;
}

/** `record[key]` only when it is the record's own entry — never something from Object.prototype. */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
