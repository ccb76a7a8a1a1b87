import type { ActionDeclaration, EntityBundle } from './types.ts';
import { fieldAt } from '../schema/resolve.ts';
import { isSystemPath } from '../schema/field-path.ts';
import { DeclarationError, declarationFiles, pointer } from './errors.ts';
import { readGrantProblems } from './check-read-grants.ts';
import { relayProblems } from './check-relays.ts';

type Fail = (file: string, path: string, message: string) => void;
type Field = (file: string, path: string, name: string) => unknown;

/**
 * The declarations linking records to each other (docs/declarations.md: `access.parent`,
 * `fieldPermissions`, `copy.revision`, `x-linked`) name fields of their own entity. Which other
 * entity they name is checked once every entity is registered (engine/registry.ts).
 */
export function checkLinks(bundle: EntityBundle, field: Field, fail: Fail): void {
  const { entity, schema } = bundle;
  const files = bundle.files ?? declarationFiles(entity.name);
  const top = (path: string, name: string) => {
    if (!schema.properties?.[name]) fail(files.entity, path, `'${name}' is not a top-level field of ${files.schema}`);
  };
  if (entity.access?.parent) field(files.entity, '/access/parent/field', entity.access.parent.field);
  for (const name of Object.keys(entity.fieldPermissions ?? {})) {
    const problem = ownFieldProblem(schema, name, files.schema);
    if (problem) fail(files.entity, pointer('fieldPermissions', name), problem);
  }
  const revision = entity.copy?.revision;
  if (revision) {
    top('/copy/revision/versionField', revision.versionField);
    top('/copy/revision/originalField', revision.originalField);
    top('/copy/revision/numberField', revision.numberField);
    if (schema.properties?.[revision.versionField]?.type !== 'integer') fail(files.entity, '/copy/revision/versionField', `'${revision.versionField}' must be an integer field`);
  }
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (node['x-linked'] && !node['x-system']) fail(files.schema, pointer('properties', name, 'x-linked'), `'${name}' is a linked value: mark it x-system (never written)`);
  }
  const gather = entity.gathers;
  if (gather) {
    // What the server writes is its own: top-level x-system fields (ids and titles: arrays; totals: integers).
    const written = (path: string, name: string, type: 'array' | 'integer') => {
      const node = schema.properties?.[name];
      if (!node) fail(files.entity, path, `'${name}' is not a top-level field of ${files.schema}`);
      else if (!node['x-system'] || node.type !== type) fail(files.entity, path, `'${name}' is written by the server: make it an x-system ${type} field`);
    };
    written('/gathers/field', gather.field, 'array');
    if (gather.titles) written('/gathers/titles', gather.titles, 'array');
    for (const name of Object.keys(gather.totals ?? {})) written(pointer('gathers', 'totals', name), name, 'integer');
    gather.where.forEach((w, i) => {
      for (const own of 'equals' in w ? [w.equals] : [w.from, w.to]) field(files.entity, pointer('gathers', 'where', i), own);
    });
  }
}

/**
 * A field with its own code (`fieldPermissions`): a document field, top-level or nested (`buyer.contactName`,
 * `/a.b`), or the same field in each row of a list (`samples.price`, engine codesForChange).
 */
function ownFieldProblem(schema: EntityBundle['schema'], name: string, file: string): string | undefined {
  return isSystemPath(name) || !fieldAt(schema, name) ? `'${name}' is not a field of ${file}` : undefined;
}

/** The fields of another entity a `gathers` names: its document paths, lifecycle fields and timestamps. */
function gatheredFieldProblems(b: EntityBundle, target: EntityBundle | undefined, file: string): { file: string; path: string; message: string }[] {
  const gather = b.entity.gathers;
  if (!gather) return [];
  if (!target) return [{ file, path: '/gathers/entity', message: `'${gather.entity}' is not a registered entity` }];
  const regions = target.entity.lifecycle?.regions ?? {};
  const names: [string, string][] = [
    ...gather.where.map((w, i): [string, string] => [pointer('gathers', 'where', i, 'field'), w.field]),
    ...Object.keys(gather.states ?? {}).map((f): [string, string] => [pointer('gathers', 'states', f), f]),
    ...(gather.order ? [['/gathers/order/field', gather.order.field] as [string, string]] : []),
    ...Object.entries(gather.totals ?? {}).flatMap(([name, t]): [string, string][] => [
      [pointer('gathers', 'totals', name, 'sum'), t.sum],
      ...(t.when ? [[pointer('gathers', 'totals', name, 'when', 'field'), t.when.field] as [string, string]] : []),
    ]),
  ];
  const known = (name: string) => (name.startsWith('$') ? name in regions || name === '$createdAt' || name === '$updatedAt' : Boolean(fieldAt(target.schema, name)));
  return names.filter(([, name]) => !known(name)).map(([path, name]) => ({ file, path, message: `'${name}' is not a field of '${gather.entity}'` }));
}

/**
 * Once every static entity is registered: the entities the links name exist, and a child list,
 * a required child or a linked value names an entity whose `access.parent` is this one.
 */
export function checkLinkedEntities(bundles: readonly EntityBundle[]): void {
  const byName = new Map(bundles.map((b) => [b.entity.name, b]));
  const problems: { file: string; path: string; message: string }[] = [];
  const childOf = (file: string, path: string, child: string, parent: string) => {
    const b = byName.get(child);
    if (!b) problems.push({ file, path, message: `'${child}' is not a registered entity` });
    else if (b.entity.access?.parent?.entity !== parent) problems.push({ file, path, message: `'${child}' does not name '${parent}' as its access.parent` });
  };
  for (const b of bundles) {
    const files = b.files ?? declarationFiles(b.entity.name);
    problems.push(...readGrantProblems(b, byName));
    const parent = b.entity.access?.parent;
    if (b.entity.gathers) problems.push(...gatheredFieldProblems(b, byName.get(b.entity.gathers.entity), files.entity));
    if (parent && !byName.has(parent.entity)) problems.push({ file: files.entity, path: '/access/parent/entity', message: `'${parent.entity}' is not a registered entity` });
    for (const field of Object.keys(parent?.closed?.states ?? {})) {
      const regions = byName.get(parent!.entity)?.entity.lifecycle?.regions ?? {};
      if (!regions[field]) problems.push({ file: files.entity, path: pointer('access', 'parent', 'closed', 'states', field), message: `'${field}' is not a lifecycle field of '${parent!.entity}' (fields: ${Object.keys(regions).join(', ') || 'none'})` });
    }
    b.entity.copy?.children?.forEach((c, i) => childOf(files.entity, pointer('copy', 'children', i, 'entity'), c.entity, b.entity.name));
    parent?.closed?.except?.forEach((field, i) => {
      if (!b.schema.properties[field]) problems.push({ file: files.entity, path: pointer('access', 'parent', 'closed', 'except', i), message: `'${field}' is not a top-level field of '${b.entity.name}'` });
    });
    b.views.detail.children?.forEach((c, i) => {
      const at = (...keys: (string | number)[]) => pointer('detail', 'children', i, ...keys);
      if (c.from === undefined) childOf(files.views, at('entity'), c.entity, b.entity.name);
      else if (!byName.has(c.entity)) problems.push({ file: files.views, path: at('entity'), message: `'${c.entity}' is not a registered entity` });
      if (c.from !== undefined && !fieldAt(b.schema, c.from)) problems.push({ file: files.views, path: at('from'), message: `'${c.from}' is not a field of '${b.entity.name}'` });
      if (c.from !== undefined && c.create) problems.push({ file: files.views, path: at('create'), message: 'a list of records sharing a value (from) offers no New button' });
      const regions = b.entity.lifecycle?.regions ?? {};
      for (const field of Object.keys(c.create?.states ?? {})) {
        if (!regions[field]) problems.push({ file: files.views, path: at('create', 'states', field), message: `'${field}' is not a lifecycle field of '${b.entity.name}'` });
      }
      if (c.when && !fieldAt(b.schema, c.when.field)) problems.push({ file: files.views, path: pointer('detail', 'children', i, 'when', 'field'), message: `'${c.when.field}' is not a field of '${b.entity.name}'` });
    });
    b.entity.spawns?.forEach((sp, i) => problems.push(...spawnProblems(b, sp, byName.get(sp.entity), files.entity, i)));
    b.entity.relays?.forEach((r, i) => problems.push(...relayProblems(b, r, byName.get(r.entity), files.entity, i)));
    for (const [event, a] of Object.entries(b.entity.actions ?? {})) {
      if (a.requiresChild) childOf(files.entity, pointer('actions', event, 'requiresChild', 'entity'), a.requiresChild.entity, b.entity.name);
      if (a.requiresLinked) problems.push(...linkedRequirementProblems(b, a.requiresLinked, byName, files.entity, pointer('actions', event, 'requiresLinked')));
    }
    for (const [name, node] of Object.entries(b.schema.properties ?? {})) {
      if (node['x-linked']) childOf(files.schema, pointer('properties', name, 'x-linked', 'entity'), node['x-linked'].entity, b.entity.name);
    }
  }
  problems.push(...sharedListPaths(bundles));
  if (problems.length) throw new DeclarationError(problems);
}

/** A spawn's target names this entity by `link` (its optional access.parent field); its fields and this document's paths exist. */
function spawnProblems(b: EntityBundle, sp: NonNullable<EntityBundle['entity']['spawns']>[number], target: EntityBundle | undefined, file: string, i: number) {
  const at = (...rest: (string | number)[]) => pointer('spawns', i, ...rest);
  if (!target) return [{ file, path: at('entity'), message: `'${sp.entity}' is not a registered entity` }];
  const parent = target.entity.access?.parent;
  const problems: { file: string; path: string; message: string }[] = [];
  if (sp.every) {
    // Made on every write: the link is the target's lookup of this entity, not its parent.
    if (target.schema.properties?.[sp.link]?.['x-lookup'] !== `entity:${b.entity.name}`) {
      problems.push({ file, path: at('link'), message: `'${sp.link}' must be a top-level 'entity:${b.entity.name}' lookup of '${sp.entity}'` });
    }
  } else if (parent?.entity !== b.entity.name || parent.field !== sp.link || !parent.optional) {
    problems.push({ file, path: at('link'), message: `'${sp.entity}' must name '${b.entity.name}' as its optional access.parent by '${sp.link}'` });
  }
  if (sp.when && !fieldAt(b.schema, sp.when.field)) problems.push({ file, path: at('when', 'field'), message: `'${sp.when.field}' is not a field of '${b.entity.name}'` });
  const targetField = (key: string, to: string) => {
    if (!fieldAt(target.schema, to)) problems.push({ file, path: at(key, to), message: `'${to}' is not a field of '${sp.entity}'` });
  };
  for (const [to, from] of Object.entries(sp.fill ?? {})) {
    targetField('fill', to);
    for (const path of typeof from === 'string' ? [from] : from) {
      if (!fieldAt(b.schema, path)) problems.push({ file, path: at('fill', to), message: `'${path}' is not a field of '${b.entity.name}'` });
    }
  }
  for (const to of Object.keys(sp.set ?? {})) targetField('set', to);
  sp.today?.forEach((to) => targetField('today', to));
  for (const [to, from] of Object.entries(sp.payload ?? {})) {
    targetField('payload', to);
    const schemas = sp.on.map((e) => b.entity.actions?.[e]?.payloadSchema).filter((x) => x !== undefined);
    if (!schemas.some((s) => fieldAt(s as never, from))) problems.push({ file, path: at('payload', to), message: `'${from}' is not a payload field of the actions in 'on'` });
  }
  const events = new Set(['$create', '$update', ...Object.keys(b.entity.actions ?? {})]);
  sp.on.forEach((e, j) => {
    if (!events.has(e)) problems.push({ file, path: at('on', j), message: `'${e}' is neither $create, $update nor an action of '${b.entity.name}'` });
  });
  sp.refreshOn?.forEach((e, j) => {
    if (!events.has(e)) problems.push({ file, path: at('refreshOn', j), message: `'${e}' is neither $create, $update nor an action of '${b.entity.name}'` });
  });
  return problems;
}

/** A list path several entities declare is one tabbed page: each of them must declare it a `tab`. */
function sharedListPaths(bundles: readonly EntityBundle[]): { file: string; path: string; message: string }[] {
  const byPath = new Map<string, { file: string; at: string; tab: boolean }[]>();
  for (const b of bundles) {
    const file = (b.files ?? declarationFiles(b.entity.name)).entity;
    b.entity.routes.partyLists?.forEach((l, i) => byPath.set(l.path, [...(byPath.get(l.path) ?? []), { file, at: pointer('routes', 'partyLists', i, 'path'), tab: Boolean(l.tab) }]));
  }
  return [...byPath].flatMap(([path, lists]) =>
    lists.length > 1 ? lists.filter((l) => !l.tab).map((l) => ({ file: l.file, path: l.at, message: `'${path}' is a list of ${lists.length} entities: each must declare it a tab` })) : [],
  );
}

/** An action's `requiresLinked`: its field is an `entity:<name>` lookup of a registered entity holding the named fields. */
function linkedRequirementProblems(
  b: EntityBundle,
  req: NonNullable<ActionDeclaration['requiresLinked']>,
  byName: ReadonlyMap<string, EntityBundle>,
  file: string,
  at: string,
): { file: string; path: string; message: string }[] {
  const lookup = fieldAt(b.schema, req.field)?.['x-lookup'];
  const target = typeof lookup === 'string' && lookup.startsWith('entity:') ? byName.get(lookup.slice('entity:'.length)) : undefined;
  if (!target) return [{ file, path: `${at}/field`, message: `'${req.field}' is not an entity:<name> lookup of a registered entity` }];
  const fields = [...req.filled, ...(req.notPast ? [req.notPast.field] : [])];
  return fields
    .filter((f) => !target.schema.properties?.[f])
    .map((f) => ({ file, path: at, message: `'${f}' is not a field of '${target.entity.name}'` }));
}
