import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { enter, isRecursive, RefTrail, WalkBudget } from './walk.ts';
import { fieldPath } from './field-path.ts';

/** The lookup source prefix naming an entity's records (`x-lookup: "entity:<name>"`). */
export const ENTITY_LOOKUP_PREFIX = 'entity:';

/** The option data key holding a record's version: what `x-lookupFill` maps to the `x-lookupVersion` field. */
export const VERSION_KEY = '$version';

/**
 * A lookup of an entity's records whose pick snapshots the record (`x-lookupVersion`): the
 * object holding it (`at`, its field path, dotted or a JSON pointer; '' for the root), the lookup field, the entity, the
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

/**
 * A lookup whose pick fills siblings the server derives (`x-lookupDerived`): on every write the
 * server fills them from the source's option of the saved value (an enrolment's trainee company
 * from the trainee's account), whatever the client sent. `derived`: sibling → the option's data key.
 */
export interface LookupDerivation {
  at: string;
  field: string;
  source: string;
  derived: Readonly<Record<string, string>>;
  /** The siblings declared, filled or not (the declaration check refuses one `x-lookupFill` does not fill). */
  declared: readonly string[];
  node: FieldSchema;
}

/** What `visit` makes of each lookup field of a schema, in objects (array rows are not walked); each reference once per path (walk.ts). */
function eachLookup<T>(root: EntitySchema, visit: (node: FieldSchema, lookup: string, at: string, field: string) => T | undefined): T[] {
  const out: T[] = [];
  const budget = new WalkBudget();
  const walk = (holder: FieldSchema, keys: readonly string[], trail: RefTrail) => {
    for (const [key, raw] of Object.entries(holder.properties ?? {})) {
      const entered = enter(root, raw, trail, budget);
      if (!entered || isRecursive(entered)) continue;
      const node = entered.node;
      const lookup = node['x-lookup'];
      const found = lookup ? visit(node, lookup, fieldPath(keys), key) : undefined;
      if (found) out.push(found);
      if (node.type === 'object' && node.properties) walk(node, [...keys, key], entered.trail);
    }
  };
  walk(root, [], RefTrail.ROOT);
  return out;
}

/** Every snapshotting lookup of a schema, in objects (array rows are not walked). */
export function lookupSnapshots(root: EntitySchema): LookupSnapshot[] {
  return eachLookup(root, (node, lookup, at, field) => {
    const versionField = node['x-lookupVersion'];
    if (!versionField || !lookup.startsWith(ENTITY_LOOKUP_PREFIX)) return undefined;
    return { at, field, entity: lookup.slice(ENTITY_LOOKUP_PREFIX.length), versionField, fills: node['x-lookupFill'] ?? {}, node };
  });
}

/** Every lookup of a schema with server-derived siblings (`x-lookupDerived`), in objects; a sibling `x-lookupFill` does not fill is not derived. */
export function lookupDerivations(root: EntitySchema): LookupDerivation[] {
  return eachLookup(root, (node, source, at, field) => {
    const fills = node['x-lookupFill'] ?? {};
    const declared = node['x-lookupDerived'] ?? [];
    const derived = Object.fromEntries(declared.flatMap((sibling) => (fills[sibling] !== undefined ? [[sibling, fills[sibling]]] : [])));
    return declared.length ? { at, field, source, derived, declared, node } : undefined;
  });
}
