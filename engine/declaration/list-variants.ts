import type { AnyStateMachine } from 'xstate';
import type { EntityBundle } from './types.ts';
import { pointer } from './errors.ts';
import { MENU_FILE, MENU_GROUPS } from './menu.ts';
import { resolveField } from '../derive/fields.ts';
import { regionLeaves } from '../lifecycle/regions.ts';

type Fail = (path: string, message: string) => void;

/**
 * The main list's `listParty` and each of `partyLists` (list variants, docs/declarations.md §3): a
 * shared side needs access.shareWith, a menu group must exist, paths and names are distinct,
 * columns are fields (sortable only where the views' list sorts them), filters and conditions are
 * the views' list filters (each has its index), states are the machine's and todo actions its events.
 */
export function checkPartyLists(
  entity: EntityBundle['entity'],
  schema: EntityBundle['schema'],
  views: EntityBundle['views'],
  machine: AnyStateMachine | undefined,
  fail: Fail,
): void {
  const { routes } = entity;
  const noShared = !entity.access?.shareWith?.length;
  if (routes.listParty === 'shared' && noShared) fail('/routes/listParty', "'shared' needs access.shareWith: no field names the company on the shared side");
  const paths = new Set([routes.list, routes.detail, routes.form]);
  const names = new Set<string>();
  routes.partyLists?.forEach((l, i) => {
    const at = (...rest: (string | number)[]) => pointer('routes', 'partyLists', i, ...rest);
    if (l.party === 'shared' && noShared) fail(at('party'), "'shared' needs access.shareWith: no field names the company on the shared side");
    if (paths.has(l.path)) fail(at('path'), `'${l.path}' is already a route of this entity`);
    paths.add(l.path);
    if (l.name !== undefined) {
      if (names.has(l.name)) fail(at('name'), `'${l.name}' names another list of this entity`);
      names.add(l.name);
    } else if (l.todo || l.states || l.where || l.filters) fail(at('name'), 'a list with todo, states, where or filters needs a name: the list endpoint is asked for it by name');
    l.columns?.forEach((c, j) => {
      const listed = views.list.columns.find((v) => v.field === c.field);
      if (!isField(entity, schema, c.field)) fail(at('columns', j, 'field'), `'${c.field}' is not a field of the schema nor a system field`);
      else if (c.sortable && !listed?.sortable) fail(at('columns', j, 'sortable'), `'${c.field}' is not sortable in the views' list`);
    });
    const filterable = new Set(views.list.filters.map((f) => f.field));
    l.filters?.forEach((f, j) => {
      if (!filterable.has(f)) fail(at('filters', j), `'${f}' is not a filter of the views' list`);
    });
    l.where?.forEach((w, j) => {
      if (!filterable.has(w.field)) fail(at('where', j, 'field'), `'${w.field}' is not a filter of the views' list (each condition uses its index)`);
    });
    checkMachineParts(entity, machine, l, at, fail);
    l.rowActions?.forEach((a, j) => {
      if (!entity.actions?.[a]) fail(at('rowActions', j), `'${a}' is not an action of this entity`);
    });
    l.rowDocuments?.forEach((d, j) => {
      if (!entity.documents?.[d]) fail(at('rowDocuments', j), `'${d}' is not a document of this entity (documents)`);
    });
    if (l.menu?.group !== undefined && !MENU_GROUPS.has(l.menu.group)) {
      fail(at('menu', 'group'), `'${l.menu.group}' is not a group of ${MENU_FILE} (groups: ${[...MENU_GROUPS].join(', ')})`);
    }
  });
}

function isField(entity: EntityBundle['entity'], schema: EntityBundle['schema'], path: string): boolean {
  try {
    resolveField(entity, schema, path);
    return true;
  } catch {
    return false;
  }
}

function checkMachineParts(
  entity: EntityBundle['entity'],
  machine: AnyStateMachine | undefined,
  l: NonNullable<EntityBundle['entity']['routes']['partyLists']>[number],
  at: (...rest: (string | number)[]) => string,
  fail: Fail,
): void {
  const regions = entity.lifecycle?.regions ?? {};
  for (const [field, states] of Object.entries(l.states ?? {})) {
    const region = regions[field];
    // A region the machine lacks is reported by the lifecycle check: its states are not read here.
    if (region && machine && region !== '.' && !machine.root.states[region]) continue;
    if (!region || !machine) {
      fail(at('states', field), `'${field}' is not a lifecycle field of this entity`);
      continue;
    }
    const known = regionLeaves(machine, region).map((n) => n.key);
    states.forEach((s, j) => {
      if (!known.includes(s)) fail(at('states', field, j), `'${s}' is not a state of '${field}' (states: ${known.join(', ')})`);
    });
  }
  l.todo?.actions.forEach((a, j) => {
    if (!entity.actions?.[a]) fail(at('todo', 'actions', j), `'${a}' is not an action of this entity`);
  });
}
