import type { EntityBundle } from './types.ts';
import { pointer } from './errors.ts';
import { resolveField } from '../derive/fields.ts';
import { ENTITY_LOOKUP_PREFIX, lookupDerivations, lookupSnapshots, VERSION_KEY } from '../schema/lookup-snapshots.ts';
import { lookupReferences } from '../derive/lookup-references.ts';
import { fieldPath, joinPath } from '../schema/field-path.ts';

type Fail = (file: string, path: string, message: string) => void;

/**
 * The declarations that tie fields to records and searches (docs/declarations.md): a list's search
 * rules name its declared filters (a date range a `range` filter of dates), a tree's parent is a
 * top-level lookup of the entity's own records and its path a top-level system text field, and a
 * snapshotting lookup (`x-lookupVersion`) names a sibling filled with the picked record's version,
 * a lookup's server-derived siblings (`x-lookupDerived`) are ones its `x-lookupFill` fills, and a
 * lookup told of its document (`x-lookupContext`) names fields of the document.
 */
export function checkReferences(bundle: EntityBundle, files: { entity: string; schema: string; views: string }, fail: Fail): void {
  const { entity, schema, views } = bundle;
  views.list.search?.rules.forEach((rule, i) => {
    const at = pointer('list', 'search', 'rules', i, 'field');
    const filter = views.list.filters.find((f) => f.field === rule.field);
    if (!filter) return fail(files.views, at, `'${rule.field}' is not a filter of this list`);
    if (rule.rule !== 'dateRange') return;
    let kind: string | undefined;
    try {
      kind = resolveField(entity, schema, rule.field).kind;
    } catch {
      return undefined; // the filter's own check names the unknown field
    }
    if (filter.op !== 'range' || (kind !== 'date' && kind !== 'datetime')) fail(files.views, at, `a date range rule needs a 'range' filter of dates, and '${rule.field}' is not one`);
  });
  if (entity.tree) {
    const parent = schema.properties?.[entity.tree.parent];
    if (parent?.['x-lookup'] !== `${ENTITY_LOOKUP_PREFIX}${entity.name}`) {
      fail(files.entity, '/tree/parent', `'${entity.tree.parent}' must be a top-level field looking up this entity's records (x-lookup: ${ENTITY_LOOKUP_PREFIX}${entity.name})`);
    }
    const path = entity.tree.path;
    if (path !== undefined && (schema.properties?.[path]?.type !== 'string' || !schema.properties[path]['x-system'])) {
      fail(files.entity, '/tree/path', `'${path}' must be a top-level x-system string field: the server fills it`);
    }
  }
  for (const s of lookupSnapshots(schema)) {
    const where = joinPath(s.at, fieldPath([s.field]));
    let sibling;
    try {
      sibling = resolveField(entity, schema, joinPath(s.at, fieldPath([s.versionField])));
    } catch {
      sibling = undefined;
    }
    if (!sibling) fail(files.schema, `/${where}/x-lookupVersion`, `'${s.versionField}' is not a sibling of '${where}'`);
    if (s.fills[s.versionField] !== VERSION_KEY) fail(files.schema, `/${where}/x-lookupFill`, `x-lookupFill must fill '${s.versionField}' from '${VERSION_KEY}'`);
  }
  for (const d of lookupDerivations(schema)) {
    const where = joinPath(d.at, fieldPath([d.field]));
    for (const sibling of d.declared) if (!(sibling in d.derived)) fail(files.schema, `/${where}/x-lookupDerived`, `'${sibling}' is not filled by x-lookupFill`);
  }
  for (const ref of lookupReferences(schema, new Set(lookupSources(schema)))) {
    for (const [param, path] of Object.entries(ref.context ?? {})) {
      try {
        resolveField(entity, schema, path);
      } catch {
        fail(files.schema, `/${ref.path}/x-lookupContext/${param}`, `'${path}' is not a field of the document`);
      }
    }
  }
}

/** Every lookup source the schema's fields name (what `lookupReferences` walks for). */
function lookupSources(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => lookupSources(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'x-lookup' && typeof v === 'string') out.push(v);
      else lookupSources(v, out);
    }
  }
  return out;
}
