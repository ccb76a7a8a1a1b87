import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useRegistry } from '../registry/registry.ts';
import { matchEntityRoute } from '../pages/entity/entity-route.ts';
import { useMenu } from '../routes/menu-store.ts';
import { knownRoute } from '../routes/known-route.ts';
import { entityRoutePaths } from '../../engine/static-routes.ts';
import { menuKeyOf, resolveMenu, type ResolvedMenuItem } from '../routes/menu-routes.ts';

type Items = NonNullable<MenuProps['items']>;
const toItems = (items: readonly ResolvedMenuItem[]): Items =>
  items.map((i) => (i.children.length ? { key: i.key, label: i.name, children: toItems(i.children) } : { key: i.key, label: i.name }));

/**
 * The server's menu for the user (SPEC §2; already filtered by the user's permissions): items the
 * portal has a page for — a route of the table or a generated entity page — and external links,
 * opened inside the portal at /myiframe/…; items that match nothing here are left out.
 */
export function MainMenu({ mode = 'horizontal' }: { mode?: 'horizontal' | 'inline' }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const registry = useRegistry();
  const nodes = useMenu((s) => s.nodes);
  const menu = useMemo(() => resolveMenu(nodes ?? [], (path) => knownRoute(path) || !!matchEntityRoute(registry, path)), [nodes, registry]);
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
