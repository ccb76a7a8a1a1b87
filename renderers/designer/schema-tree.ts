import { fieldPath, type FieldSchema, type TemplateBundle } from '../../engine/index.ts';

/** A schema node as the designer edits it (x- annotations included). */
export type Node = FieldSchema & Record<string, unknown>;
/** A field's place: its keys from the root (a table's columns are under the table's key). */
export type FieldPath = readonly string[];

/** The path as one string that tells any two paths apart (keys may hold '.', spaces, anything). */
export const pathKey = (path: FieldPath): string => JSON.stringify(path);
/** The field's name in the views (list columns, filters, sort, detail): dotted, or a JSON pointer for any other key (engine/schema/field-path.ts). */
export const viewField = (path: FieldPath): string => fieldPath(path);
export const sameParent = (a: FieldPath, b: FieldPath) => pathKey(a.slice(0, -1)) === pathKey(b.slice(0, -1));

/** The object node holding a container's children: the root, a section, or a table's row. */
export function childHolder(node: Node): Node | undefined {
  if (node.type === 'array' && node.items && (node.items as Node).type === 'object') return node.items as Node;
  if (node.type === 'object') return node;
  return undefined;
}

/** The holder object at a container path ([] is the root schema). */
export function holderAt(bundle: TemplateBundle, path: FieldPath): Node | undefined {
  let holder: Node | undefined = bundle.schema as Node;
  for (const key of path) {
    const child: Node | undefined = (holder?.properties as Record<string, Node> | undefined)?.[key];
    holder = child ? childHolder(child) : undefined;
  }
  return holder;
}

export function nodeAt(bundle: TemplateBundle, path: FieldPath): Node | undefined {
  if (!path.length) return undefined;
  return (holderAt(bundle, path.slice(0, -1))?.properties as Record<string, Node> | undefined)?.[path[path.length - 1]!];
}

/** Every field's path, depth first, in declared order. */
export function allPaths(bundle: TemplateBundle): FieldPath[] {
  const out: FieldPath[] = [];
  const walk = (holder: Node | undefined, prefix: FieldPath) => {
    for (const [key, child] of Object.entries((holder?.properties as Record<string, Node> | undefined) ?? {})) {
      out.push([...prefix, key]);
      walk(childHolder(child), [...prefix, key]);
    }
  };
  walk(bundle.schema as Node, []);
  return out;
}

/** Inserts (or re-inserts) a property at an index, keeping the others' order. */
export function withProperty(holder: Node, key: string, node: Node, index?: number): void {
  const entries = Object.entries((holder.properties as Record<string, Node> | undefined) ?? {}).filter(([k]) => k !== key);
  const at = index === undefined ? entries.length : Math.max(0, Math.min(index, entries.length));
  entries.splice(at, 0, [key, node]);
  holder.properties = Object.fromEntries(entries);
}

export function withoutProperty(holder: Node, key: string): void {
  const props = { ...((holder.properties as Record<string, Node> | undefined) ?? {}) };
  delete props[key];
  holder.properties = props;
  if (Array.isArray(holder.required)) {
    const required = holder.required.filter((r) => r !== key);
    if (required.length) holder.required = required;
    else delete holder.required;
  }
}

/** A key not yet used in the holder (ignoring case, as checkTemplate does). */
export function freeKey(holder: Node | undefined, base: string): string {
  const used = new Set(Object.keys((holder?.properties as Record<string, Node> | undefined) ?? {}).map((k) => k.toLowerCase()));
  for (let n = 1; ; n++) if (!used.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
}
