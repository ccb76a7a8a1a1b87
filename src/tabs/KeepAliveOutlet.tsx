import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { routeOf } from './route-meta.ts';
import { useTabs } from './tabs-store.ts';
import { PageContext, type PageContextValue } from './page-context.ts';

/** One context value per kept page and visibility (stable objects: no re-render of hidden pages). */
const pages = new Map<string, { active: PageContextValue; hidden: PageContextValue }>();
function pageOf(path: string) {
  let page = pages.get(path);
  if (!page) pages.set(path, (page = { active: { path, active: true }, hidden: { path, active: false } }));
  return page;
}

/**
 * The routed page; pages whose route says `keepAlive` stay mounted (hidden) while another page
 * shows, so coming back to their tab finds them as they were. Closing the tab drops them.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const open = useTabs((s) => s.tabs);
  const cache = useRef(new Map<string, ReactNode>());
  const keepAlive = routeOf(pathname).route?.keepAlive === true;
  if (keepAlive) cache.current.set(pathname, outlet);
  for (const path of cache.current.keys()) if (!open.some((t) => t.path === path) && path !== pathname) cache.current.delete(path);
  return (
    <>
      {[...cache.current.entries()].map(([path, element]) => (
        <div key={path} style={{ display: path === pathname ? undefined : 'none' }}>
          <PageContext.Provider value={path === pathname ? pageOf(path).active : pageOf(path).hidden}>{element}</PageContext.Provider>
        </div>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
