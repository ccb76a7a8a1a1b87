import common from '../../schemas/_meta/common.schema.json' with { type: 'json' };
import dashboardMeta from '../../schemas/_meta/dashboard.schema.json' with { type: 'json' };
import declared from '../../schemas/_dashboard/dashboard.json' with { type: 'json' };
import type { EntityRegistry } from '../registry.ts';
import { fieldAt } from '../schema/resolve.ts';
import { createAjv } from '../validate/ajv.ts';
import { DeclarationError } from './errors.ts';
import { problemsOf } from './meta.ts';
import { todoListOf } from '../shell-entity.ts';
import { isDeclaredRole } from './roles.ts';

export { todoListOf };

export interface DashboardTile {
  kind: 'states' | 'todo' | 'recent' | 'links' | 'guide';
  entity?: string;
  region?: string;
  list?: string;
  tag?: string;
  sort?: string;
  url?: string;
  count?: number;
  wide?: boolean;
  /** Shown only to users holding one of these roles (all users when omitted). */
  roles?: readonly string[];
}

/** The dashboard's declaration (schemas/_dashboard/dashboard.json): its tiles, in order. */
export interface DashboardDeclaration {
  tiles: readonly DashboardTile[];
}

export const DASHBOARD_FILE = 'schemas/_dashboard/dashboard.json';

const SORTABLE_SYSTEM = ['$createdAt', '$updatedAt'];

/** The problems of one tile against its registered entity (none when the entity is not registered: the tile is simply not shown). */
function tileProblems(tile: DashboardTile, registry: EntityRegistry): string[] {
  const unknownRoles = (tile.roles ?? []).filter((r) => !isDeclaredRole(r));
  if (unknownRoles.length) return [`roles ${unknownRoles.map((r) => `'${r}'`).join(', ')} not declared in schemas/_access/roles.json`];
  if (tile.kind === 'guide') return tile.entity ? ['a guide tile names no entity'] : [];
  if (!tile.entity) return [`a ${tile.kind} tile names its entity`];
  if (!registry.has(tile.entity)) return [];
  const reg = registry.get(tile.entity);
  const field = (name: string | undefined, what: string, enumOnly = false): string[] => {
    if (name === undefined) return [];
    if (name.startsWith('$')) return SORTABLE_SYSTEM.includes(name) && !enumOnly ? [] : [`${what} '${name}' is not one of ${SORTABLE_SYSTEM.join(', ')}`];
    const node = fieldAt(reg.schema, name);
    if (!node) return [`${what} '${name}' is not a field of '${reg.name}'`];
    return enumOnly && !node.enum ? [`${what} '${name}' of '${reg.name}' is not an enum`] : [];
  };
  switch (tile.kind) {
    case 'states': {
      const regions = Object.keys(reg.entity.lifecycle?.regions ?? {});
      if (!regions.length) return [`'${reg.name}' has no lifecycle`];
      return tile.region && !regions.includes(tile.region) ? [`'${tile.region}' is not a region of '${reg.name}' (${regions.join(', ')})`] : [];
    }
    case 'todo':
      return todoListOf(reg, tile.list) ? [] : [`'${reg.name}' has no work list${tile.list ? ` '${tile.list}'` : ''} (routes.partyLists with todo)`];
    case 'recent':
      return [...field(tile.tag, 'tag', true), ...field(tile.sort, 'sort')];
    case 'links':
      return tile.url ? [...field(tile.url, 'url'), ...field(tile.sort, 'sort')] : ['a links tile names its url field'];
  }
}

/**
 * The dashboard declaration checked against its meta-schema and, for the tiles whose entity is
 * registered, against that entity (regions, work lists, fields); returned typed. A tile naming an
 * entity that is not registered is valid: it shows once a module registers the entity.
 */
export function checkedDashboard(value: unknown, registry: EntityRegistry, file = DASHBOARD_FILE): DashboardDeclaration {
  const ajv = createAjv();
  ajv.addSchema(common);
  const validate = ajv.compile<DashboardDeclaration>(dashboardMeta);
  if (!validate(value)) throw new DeclarationError(problemsOf(file, validate.errors ?? []));
  const problems = value.tiles.flatMap((tile, i) => tileProblems(tile, registry).map((message) => ({ file, path: `/tiles/${i}`, message })));
  if (problems.length) throw new DeclarationError(problems);
  return { tiles: value.tiles };
}

/** The dashboard as declared, read without the check (the client; the server checks it at start). */
export const DASHBOARD_DECLARATION = declared as unknown as DashboardDeclaration;

