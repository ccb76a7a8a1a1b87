import common from '../../schemas/_meta/common.schema.json' with { type: 'json' };
import menuMeta from '../../schemas/_meta/menu.schema.json' with { type: 'json' };
import declared from '../../schemas/_menu/menu.json' with { type: 'json' };
import { createAjv } from '../validate/ajv.ts';
import { DeclarationError } from './errors.ts';
import { problemsOf } from './meta.ts';
import type { LocalizedText } from './types.ts';

/** A page of the menu that is not an entity list (an in-portal path or an external link). */
export interface MenuPageDeclaration {
  label: LocalizedText;
  path: string;
  icon: string;
  order: number;
  permission?: string;
  group?: string;
  /** On an external link: a portal path that opens the link inside /myiframe as well (SPEC §2 /inspection). */
  alias?: string;
}

/** The main menu's declaration (schemas/_menu/menu.json): home entry, groups, pages. */
export interface MenuDeclaration {
  home: { label: LocalizedText; path: string; icon: string };
  /** `service`: the group's entries come from that service's own routes call (the e-filing menu: GET /api/efiling/routes), not from the main menu call. */
  groups: readonly { id: string; label: LocalizedText; icon: string; order: number; service?: 'efiling' }[];
  pages: readonly MenuPageDeclaration[];
}

export const MENU_FILE = 'schemas/_menu/menu.json';

/**
 * A menu declaration checked against its meta-schema and its pages' groups, returned typed.
 * Throws a DeclarationError naming the file and JSON path of each problem.
 */
export function checkedMenu(value: unknown, file = MENU_FILE): MenuDeclaration {
  const ajv = createAjv();
  ajv.addSchema(common);
  const validate = ajv.compile<MenuDeclaration>(menuMeta);
  if (!validate(value)) throw new DeclarationError(problemsOf(file, validate.errors ?? []));
  const groups = new Set(value.groups.map((g) => g.id));
  const problems = value.pages.flatMap((p, i) =>
    p.group === undefined || groups.has(p.group) ? [] : [{ file, path: `/pages/${i}/group`, message: `'${p.group}' is not a group of ${file} (groups: ${[...groups].join(', ')})` }],
  );
  value.pages.forEach((p, i) => {
    if (p.alias !== undefined && !/^https?:\/\//i.test(p.path)) problems.push({ file, path: `/pages/${i}/alias`, message: 'an alias opens an external link: the path must be http(s)' });
  });
  if (problems.length) throw new DeclarationError(problems);
  const { $schema: _editorOnly, ...menu } = value as MenuDeclaration & { $schema?: string };
  return menu;
}

let checked: MenuDeclaration | undefined;

/** The product's menu declaration, checked on first use (the server's start): the client never needs it. */
export function productMenu(): MenuDeclaration {
  return (checked ??= checkedMenu(declared));
}

/** The portal paths that open an external link of the menu: engine/static-routes.ts (read by the client without the engine). */
export { MENU_ALIASES } from '../static-routes.ts';

/** The group ids an entity's `menu.group` may name (read without the full check, which the server's start does). */
export const MENU_GROUPS: ReadonlySet<string> = new Set(declared.groups.map((g) => g.id));
