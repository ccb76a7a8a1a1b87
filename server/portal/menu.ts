import { hasPermission, productMenu, text, type EntityRegistry, type Language, type LocalizedText, type MenuDeclaration, type PermissionMap } from '../../engine/index.ts';

/** A menu item as the client builds routes from it (SPEC §3: name, path, source icon, children). */
export interface MenuItem {
  name: string;
  path: string;
  source: string;
  children: MenuItem[];
  /** A group another service's routes call fills (menu.json `service`): held here empty, in its place. */
  service?: string;
}

/** An entity's place when its declaration names none: the top level, before the declared pages. */
const DEFAULT_ENTITY_ORDER = 100;

/** The menu declaration, checked when the server loads this module: a broken schemas/_menu/menu.json stops the start. */
const MENU = productMenu();

interface Placed {
  order: number;
  item: MenuItem;
}

const byOrder = (entries: Placed[]) => entries.sort((a, b) => a.order - b.order).map((e) => e.item);

/** A link a record makes in its company's menu (entity `menuLinks`, read by menu-links-repo.ts). */
export interface MenuLink {
  label: LocalizedText;
  url: string;
  group: string;
  order: number;
  icon: string;
}

/** What a user's menu is built from besides the user's codes. */
export interface MenuOptions {
  menu?: MenuDeclaration;
  /** Links records make in the user's company's menu (menu-links-repo.ts). */
  links?: readonly MenuLink[];
  /** The user's roles: an entity whose `menu.roles` names none of them has no entry (a template's publish placement). */
  roles?: readonly string[];
}

/** Whether an entity's menu entry shows to a user of these roles: every role when the entity names none. */
const shownTo = (placed: readonly string[] | undefined, roles: readonly string[]) => placed === undefined || placed.some((r) => roles.includes(r));

/**
 * The user's menu, from declarations: the home entry, every entity list the user may open (each
 * entity's `menu` places it, and its `roles` say to whom), and the pages of schemas/_menu/menu.json
 * the user's permissions allow, in their groups; a group with nothing the user may open is left
 * out. Labels in the request language.
 */
export function menuFor(registry: EntityRegistry, permissions: PermissionMap, lang: Language, options: MenuOptions = {}): MenuItem[] {
  const { menu = MENU, links = [], roles = [] } = options;
  const leaf = (label: LocalizedText, path: string, icon: string): MenuItem => ({ name: text(label, lang), path, source: icon, children: [] });
  const placed = new Map<string | undefined, Placed[]>();
  const place = (group: string | undefined, order: number, item: MenuItem) => placed.set(group, [...(placed.get(group) ?? []), { order, item }]);
  const tabbed = new Set<string>();
  for (const r of registry.list()) {
    if (!hasPermission(permissions, r.entity.permissions.list)) continue;
    if (shownTo(r.entity.menu?.roles, roles)) place(r.entity.menu?.group, r.entity.menu?.order ?? DEFAULT_ENTITY_ORDER, leaf(r.entity.menu?.label ?? r.entity.label, r.entity.routes.list, 'file-text'));
    // Each further list of one side (routes.partyLists) is an entry of its own.
    for (const l of r.entity.routes.partyLists ?? []) {
      // A tabbed page (partyLists `tab`) has one entry, that of the list declaring its menu place, titled by the page.
      if (l.tab && (!l.menu || tabbed.has(l.path))) continue;
      if (l.tab) tabbed.add(l.path);
      place(l.menu?.group, l.menu?.order ?? DEFAULT_ENTITY_ORDER, leaf(l.tab?.page ?? l.label, l.path, 'file-text'));
    }
  }
  for (const p of menu.pages) {
    if (!p.permission || hasPermission(permissions, p.permission)) place(p.group, p.order, leaf(p.label, p.path, p.icon));
  }
  // Records that are links of the user's company (entity `menuLinks`: a customer's extension menus).
  for (const l of links) place(l.group, l.order, leaf(l.label, l.url, l.icon));
  const top = placed.get(undefined) ?? [];
  for (const g of menu.groups) {
    const children = byOrder(placed.get(g.id) ?? []);
    if (!children.length) continue;
    // A service's group: its own call answers it (serviceMenu); the main menu marks its place.
    top.push({ order: g.order, item: { ...leaf(g.label, `/${g.id}`, g.icon), children: g.service ? [] : children, ...(g.service ? { service: g.service } : {}) } });
  }
  return [leaf(menu.home.label, menu.home.path, menu.home.icon), ...byOrder(top)];
}

/** The groups a service's routes call answers (menu.json `service`: the e-filing routes), with the user's entries, in order. */
export function serviceMenu(registry: EntityRegistry, permissions: PermissionMap, lang: Language, service: string, roles: readonly string[] = [], menu: MenuDeclaration = MENU): MenuItem[] {
  const ids = new Set(menu.groups.filter((g) => g.service === service).map((g) => g.id));
  const groups = menu.groups.map((g) => (g.service === service ? { id: g.id, label: g.label, icon: g.icon, order: g.order } : g));
  const full = menuFor(registry, permissions, lang, { menu: { ...menu, groups }, roles });
  return full.filter((item) => ids.has(item.path.slice(1)) && item.children.length);
}
