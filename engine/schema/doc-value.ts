import { pathKeys } from './field-path.ts';

type Doc = Record<string, unknown>;

const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets an own key, even `__proto__` (a key like any other in a document), never touching a prototype. */
function put(obj: Doc, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of the document with the value at a field path (dotted or pointer, field-path.ts) set, the
 * objects on the way copied and missing ones made; `undefined` removes the leaf alone (its parents
 * stay, empty or not). The document itself is never changed.
 */
export function withValueAt(doc: Doc, path: string, value: unknown): Doc {
  const keys = pathKeys(path);
  const set = (node: Doc, i: number): Doc => {
    const key = keys[i]!;
    const out = { ...node };
    if (i === keys.length - 1) {
      if (value === undefined) delete out[key];
      else put(out, key, value);
      return out;
    }
    const child = Object.hasOwn(node, key) ? node[key] : undefined;
    if (value === undefined && !isObject(child)) return node;
    put(out, key, set(isObject(child) ? child : {}, i + 1));
    return out;
  };
  return keys.length ? set(doc, 0) : doc;
}

/**
 * A copy of the document without the value at a field path, and without the objects that removing
 * it left empty. A list on the way (`samples.price`) loses the value in each of its rows; the rows
 * stay, emptied or not, so adding or removing one is still a change.
 */
export function withoutValueAt(doc: Doc, path: string): Doc {
  const keys = pathKeys(path);
  const inRows = (rows: unknown[], i: number): unknown[] => rows.map((row) => (isObject(row) ? drop(row, i) : Array.isArray(row) ? inRows(row, i) : row));
  const drop = (node: Doc, i: number): Doc => {
    const key = keys[i]!;
    if (!Object.hasOwn(node, key)) return node;
    const out = { ...node };
    const child = node[key];
    if (i < keys.length - 1 && isObject(child)) {
      const rest = drop(child, i + 1);
      if (Object.keys(rest).length) put(out, key, rest);
      else delete out[key];
    } else if (i < keys.length - 1 && Array.isArray(child)) put(out, key, inRows(child, i + 1));
    else if (i === keys.length - 1) delete out[key];
    return out;
  };
  return keys.length ? drop(doc, 0) : doc;
}

/**
 * The values at a field path, in document order: one at most for a path of objects, one per row
 * for a path through a list (`samples.price`: each row's price), rows without it left out. Two
 * documents whose values here are equal leave the field as it was: what its own code guards.
 */
export function valuesAt(doc: unknown, path: string): unknown[] {
  const keys = pathKeys(path);
  const out: unknown[] = [];
  const walk = (node: unknown, i: number): void => {
    if (i === keys.length) {
      if (node !== undefined) out.push(node);
    } else if (Array.isArray(node)) for (const row of node) walk(row, i);
    else if (isObject(node) && Object.hasOwn(node, keys[i]!)) walk(node[keys[i]!], i + 1);
  };
  walk(doc, 0);
  return out;
}
