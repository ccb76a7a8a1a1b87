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

/** A page outside the shell (/login, /lock, the result pages…): never a tab. */
export const isPublicPath = (pathname: string): boolean =>
  routeTable.some((r) => !r.auth && matchPath({ path: r.path, end: true }, pathname) !== null);
