import type { EntitySchema } from '../declaration/types.ts';
import { own, resolveNode } from '../schema/resolve.ts';
import { pathKeys } from '../schema/field-path.ts';

/**
 * A dotted path that crosses a list (`samples.materialId`: each sample's material): how a document
 * holding a value there is found — a JSON containment document (`{ "samples": [{ "materialId": v }] }`)
 * and a SQL/JSON path to every value there (`$."samples"[*]."materialId"`).
 */
export interface ListPath {
  contains(value: unknown): unknown;
  jsonPath: string;
}

/** The list path of a declared path (dotted or pointer, field-path.ts), or undefined when the path crosses no list (a plain field). */
export function listPath(schema: EntitySchema, path: string): ListPath | undefined {
  const steps: { key: string; list: boolean }[] = [];
  let node = resolveNode(schema, schema);
  for (const key of pathKeys(path)) {
    const child = own(node.properties, key);
    if (!child) return undefined;
    node = resolveNode(schema, child);
    const list = node.type === 'array';
    steps.push({ key, list });
    if (list) {
      if (!node.items) return undefined;
      node = resolveNode(schema, node.items);
    }
  }
  if (!steps.slice(0, -1).some((s) => s.list)) return undefined;
  const jsonPath = `$${steps.map((s) => `.${JSON.stringify(s.key)}${s.list ? '[*]' : ''}`).join('')}`;
  const last = steps.length - 1;
  const contains = (value: unknown) => steps.reduceRight<unknown>((inner, s, i) => ({ [s.key]: i < last && s.list ? [inner] : inner }), value);
  return { contains, jsonPath };
}
