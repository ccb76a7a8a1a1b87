import type { MenuNode } from '../api/account.ts';

/** An external link in the menu (http or https): opened inside the portal at /myiframe/{routerPath}. */
export const isExternalLink = (path: string) => /^https?:\/\//i.test(path);

/** The embedded page of an external link: /myiframe/ plus the encoded address. */
export const iframePath = (url: string) => `/myiframe/${encodeURIComponent(url)}`;

/** A menu item the client can open: where it leads in the portal, its name and icon. */
export interface ResolvedMenuItem {
  /** The portal path the item opens (an external link's /myiframe/… path). */
  key: string;
  name: string;
  icon?: string;
  /** The external address, for items that embed one. */
  external?: string;
  children: ResolvedMenuItem[];
}

export interface ResolvedMenu {
  items: ResolvedMenuItem[];
  /** Portal path → menu name (the page title of that path). */
  titles: Map<string, string>;
  /** Paths the menu grants (route table entries gated by the menu open only for these). */
  granted: Set<string>;
  /** External addresses the user may embed. */
  externals: Set<string>;
}

/**
 * The server's menu (already filtered by the user's permissions) as the client uses it: external
 * links become /myiframe/… items, paths the client has a page for (`knows`: a route of the table
 * or a generated entity page) are kept, anything else is left out; a group stays when one of its
 * children does.
 */
export function resolveMenu(nodes: readonly MenuNode[], knows: (path: string) => boolean): ResolvedMenu {
  const menu: ResolvedMenu = { items: [], titles: new Map(), granted: new Set(), externals: new Set() };
  const walk = (list: readonly MenuNode[]): ResolvedMenuItem[] =>
    list.flatMap((node) => {
      const children = walk(node.children ?? []);
      const external = isExternalLink(node.path);
      if (children.length) return [{ key: node.path, name: node.name, icon: node.source, children }];
      if (!external && !knows(node.path)) return [];
      const key = external ? iframePath(node.path) : node.path;
      if (external) menu.externals.add(node.path);
      else menu.granted.add(node.path);
      menu.titles.set(key, node.name);
      return [{ key, name: node.name, icon: node.source, external: external ? node.path : undefined, children: [] }];
    });
  menu.items = walk(nodes);
  return menu;
}

/** The menu item a path belongs to (itself, or the item whose path it continues: /workflows for /workflows/trf). */
export function menuKeyOf(menu: ResolvedMenu, pathname: string): string | undefined {
  if (menu.titles.has(pathname)) return pathname;
  let best: string | undefined;
  for (const key of menu.titles.keys()) if (pathname.startsWith(`${key}/`) && (!best || key.length > best.length)) best = key;
  return best;
}

/** Every path of the menu (groups and items), as the server sent them. */
export function menuPaths(nodes: readonly MenuNode[]): Set<string> {
  const paths = new Set<string>();
  const walk = (list: readonly MenuNode[]): void => {
    for (const n of list) {
      paths.add(n.path);
      walk(n.children ?? []);
    }
  };
  walk(nodes);
  return paths;
}

/** The name of the menu item that opens exactly this path (an external link: its /myiframe/… path). */
export function menuNameOf(nodes: readonly MenuNode[], pathname: string): string | undefined {
  for (const n of nodes) {
    if (n.children?.length) {
      const inner = menuNameOf(n.children, pathname);
      if (inner) return inner;
    } else if ((isExternalLink(n.path) ? iframePath(n.path) : n.path) === pathname) return n.name;
  }
  return undefined;
}
