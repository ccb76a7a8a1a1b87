import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useShellRegistry, type ShellRegistry } from '../registry/shell-registry.ts';
import { useMenu } from '../routes/menu-store.ts';
import { knownRoute } from '../routes/known-route.ts';
import { entityRoutePaths, STATIC_VARIANT_ROUTES } from '../../engine/static-routes.ts';
import { menuKeyOf, resolveMenu, type ResolvedMenuItem } from '../routes/menu-routes.ts';

type Items = NonNullable<MenuProps['items']>;
const toItems = (items: readonly ResolvedMenuItem[]): Items =>
  items.map((i) => (i.children.length ? { key: i.key, label: i.name, children: toItems(i.children) } : { key: i.key, label: i.name }));

/** A page an entity (static or a published template) or a static entity's variant declares. */
function isEntityPage(registry: ShellRegistry, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return registry.list().some((reg) => entityRoutePaths(reg.entity.routes).includes(path)) || STATIC_VARIANT_ROUTES.some((r) => Object.values(r).includes(path));
}

/**
 * The server's menu for the user (SPEC §2; already filtered by the user's permissions): items the
 * portal has a page for — a route of the table or a generated entity page — and external links,
 * opened inside the portal at /myiframe/…; items that match nothing here are left out.
 */
export function MainMenu({ mode = 'horizontal' }: { mode?: 'horizontal' | 'inline' }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const registry = useShellRegistry();
  const nodes = useMenu((s) => s.nodes);
  const menu = useMemo(() => resolveMenu(nodes ?? [], (path) => knownRoute(path) || isEntityPage(registry, path)), [nodes, registry]);
  const owner = registry.list().find((reg) => entityRoutePaths(reg.entity.routes).includes(pathname));
  const selected = menuKeyOf(menu, pathname) ?? (owner && menuKeyOf(menu, owner.entity.routes.list)) ?? pathname;
  return (
    <Menu
      mode={mode}
      theme="dark"
      style={{ flex: 1, minWidth: 0, background: 'transparent', borderInlineEnd: 0 }}
      selectedKeys={[selected]}
      onClick={({ key }) => navigate(key)}
      items={toItems(menu.items)}
      data-testid="main-menu"
    />
  );
}
