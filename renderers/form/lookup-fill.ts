import type { FieldSchema } from '../../engine/index.ts';
import type { LookupOption } from '../env/data-provider.ts';

type Doc = Record<string, unknown>;

/** A lookup field whose pick fills its siblings (`x-lookupFill`), by its path in a section's data. */
export interface LookupFill {
  /** Path of the object holding the lookup field and the siblings it fills. */
  at: readonly string[];
  field: string;
  source: string;
  fills: Readonly<Record<string, string>>;
}

/** The lookup fills of a section's schema (fields of objects; rows of tables are not walked). */
export function lookupFillsOf(schema: FieldSchema, at: readonly string[] = []): LookupFill[] {
  const out: LookupFill[] = [];
  for (const [key, node] of Object.entries(schema.properties ?? {})) {
    const fills = node['x-lookupFill'];
    if (fills && node['x-lookup']) out.push({ at, field: key, source: node['x-lookup'], fills });
    if (node.type === 'object' && node.properties) out.push(...lookupFillsOf(node, [...at, key]));
  }
  return out;
}

const objectAt = (doc: Doc, at: readonly string[]): Doc | undefined => {
  let cur: unknown = doc;
  for (const part of at) cur = cur && typeof cur === 'object' ? (cur as Doc)[part] : undefined;
  return cur && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Doc) : undefined;
};

/** The lookup fields whose value `next` changed from `previous` to a picked value. */
export function pickedFills(fills: readonly LookupFill[], previous: Doc | undefined, next: Doc): { fill: LookupFill; value: string }[] {
  return fills.flatMap((fill) => {
    const value = objectAt(next, fill.at)?.[fill.field];
    const before = previous ? objectAt(previous, fill.at)?.[fill.field] : undefined;
    return typeof value === 'string' && value && value !== before ? [{ fill, value }] : [];
  });
}

/** `doc` with the picked option's data written into the fill's sibling fields (a copy; `doc` is left as it is). */
export function applyFill(doc: Doc, fill: LookupFill, option: LookupOption): Doc {
  const out: Doc = { ...doc };
  let target = out;
  for (const part of fill.at) {
    const inner = { ...((target[part] as Doc | undefined) ?? {}) };
    target[part] = inner;
    target = inner;
  }
  for (const [sibling, key] of Object.entries(fill.fills)) {
    const value = option.data?.[key];
    if (value !== undefined) target[sibling] = value;
  }
  return out;
}
