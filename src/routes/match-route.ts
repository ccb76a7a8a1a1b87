import { matchPath } from 'react-router';
import { routeTable, type AppRoute } from './table.tsx';

/** A route of the table that a path opens, with the path's params. */
export interface RouteMatch {
  route: AppRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * The first route of the table (in its order; the catch-all of generated pages never) among those
 * `which` keeps whose path matches `pathname` whole, or undefined. The one way the client matches
 * a path against the table outside the router: the known paths, the tabs, the cold-open prefetch.
 */
export function matchRoute(pathname: string, which: (route: AppRoute) => boolean = () => true): RouteMatch | undefined {
  for (const route of routeTable) {
    if (route.path === '*' || !which(route)) continue;
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}
