import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { MAX_FIELD_DEPTH, resolveNode } from './resolve.ts';

/** The lookup source prefix naming an entity's records (`x-lookup: "entity:<name>"`). */
export const ENTITY_LOOKUP_PREFIX = 'entity:';

/** The option data key holding a record's version: what `x-lookupFill` maps to the `x-lookupVersion` field. */
export const VERSION_KEY = '$version';

/**
 * A lookup of an entity's records whose pick snapshots the record (`x-lookupVersion`): the
 * object holding it (`at`, dotted path; '' for the root), the lookup field, the entity, the
 * sibling holding the version, the siblings the pick fills (`x-lookupFill`) and the field's node.
 */
export interface LookupSnapshot {
  at: string;
  field: string;
  entity: string;
  versionField: string;
  fills: Readonly<Record<string, string>>;
  node: FieldSchema;
}

/** Every snapshotting lookup of a schema, in objects (array rows are not walked). */
export function lookupSnapshots(root: EntitySchema, holder: FieldSchema = root, at = '', depth = 0): LookupSnapshot[] {
  const out: LookupSnapshot[] = [];
  // A recursive schema (a tree) is walked this deep only.
  if (depth > MAX_FIELD_DEPTH) return out;
  for (const [key, raw] of Object.entries(holder.properties ?? {})) {
    const node = resolveNode(root, raw);
    const lookup = node['x-lookup'];
    const versionField = node['x-lookupVersion'];
    if (versionField && lookup?.startsWith(ENTITY_LOOKUP_PREFIX)) {
      out.push({ at, field: key, entity: lookup.slice(ENTITY_LOOKUP_PREFIX.length), versionField, fills: node['x-lookupFill'] ?? {}, node });
    }
    if (node.type === 'object' && node.properties) out.push(...lookupSnapshots(root, node, at ? `${at}.${key}` : key, depth + 1));
  }
  return out;
}
