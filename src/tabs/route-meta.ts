import { matchPath } from 'react-router';
import { routeTable, type AppRoute } from '../routes/table.tsx';

/** The route of a logged-in path (the most specific match; `*` last) and its params. */
export function routeOf(pathname: string): { route?: AppRoute; params: Record<string, string | undefined> } {
  const candidates = routeTable.filter((r) => r.auth && !r.redirect && r.path !== '*');
  for (const route of candidates) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return { route: routeTable.find((r) => r.path === '*'), params: { '*': pathname.slice(1) } };
}

const matches = (route: AppRoute, pathname: string) => matchPath({ path: route.path, end: true }, pathname) !== null;

/**
 * Never a tab: a page outside the shell (/login, /lock, the result pages…), or a path that only
 * redirects (/ to the dashboard, where a login without a page asked for lands: its tab would take
 * the login page's title).
 */
export const isNeverTab = (pathname: string): boolean => routeTable.some((r) => (!r.auth || r.redirect) && matches(r, pathname));
