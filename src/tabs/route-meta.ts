import { matchRoute } from '../routes/match-route.ts';
import { routeTable, type AppRoute } from '../routes/table.tsx';

/** The route of a logged-in path (the most specific match; `*` last) and its params. */
export function routeOf(pathname: string): { route?: AppRoute; params: Record<string, string | undefined> } {
  return matchRoute(pathname, (r) => r.auth && !r.redirect) ?? { route: routeTable.find((r) => r.path === '*'), params: { '*': pathname.slice(1) } };
}

/**
 * Never a tab: a page outside the shell (/login, /lock, the result pages…), or a path that only
 * redirects (/ to the dashboard, where a login without a page asked for lands: its tab would take
 * the login page's title).
 */
export const isNeverTab = (pathname: string): boolean => matchRoute(pathname, (r) => !r.auth || r.redirect !== undefined) !== undefined;
