import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { routeOf } from './route-meta.ts';
import { useTabs } from './tabs-store.ts';

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
          {element}
        </div>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
