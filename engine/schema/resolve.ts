import type { EntitySchema, FieldSchema } from '../declaration/types.ts';

/** Resolves a local `#/definitions/x` reference, keeping the referring node's own keywords. */
export function resolveNode(root: EntitySchema, node: FieldSchema): FieldSchema {
  if (!node.$ref) return node;
  const prefix = '#/definitions/';
  if (!node.$ref.startsWith(prefix)) throw new Error(`Unsupported $ref '${node.$ref}': only ${prefix}… is allowed`);
  const target = own(root.definitions, node.$ref.slice(prefix.length));
  if (!target) throw new Error(`Unresolved $ref '${node.$ref}' in schema ${root.$id}`);
  const { $ref: _ref, ...siblings } = node;
  return { ...resolveNode(root, target), ...siblings };
}

/** The schema node at a dotted doc path (`buyer.name`), or undefined when the path is not declared. */
export function fieldAt(root: EntitySchema, path: string): FieldSchema | undefined {
  let node: FieldSchema | undefined = root;
  for (const part of path.split('.')) {
    if (!node) return undefined;
    node = resolveNode(root, node);
    node = node.type === 'array' ? node.items && resolveNode(root, node.items) : node;
    node = own(node?.properties, part);
  }
  return node && resolveNode(root, node);
}

/** Reads a dotted path out of a document. */
export function valueAt(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
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
