import { useMenu } from './menu-store.ts';
import { menuNameOf } from './menu-routes.ts';

/** The menu name of a path, from the server's menu (undefined when the menu has no item for it). */
export function useMenuTitle(pathname: string): string | undefined {
  return useMenu((s) => (s.nodes ? menuNameOf(s.nodes, pathname) : undefined));
}
