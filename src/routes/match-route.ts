import { matchPath } from 'react-router';
import { routeTable, type AppRoute } from './table.tsx';

/** A route of the table that a path opens, with the path's params. */
export interface RouteMatch {
  route: AppRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/** A path as matchPath compares a pattern without params against it: case aside, trailing slashes aside. */
const bare = (path: string) => path.replace(/\/+$/, '').toLowerCase();
/** The route paths without params or splat, as `bare` writes them (a path without: undefined). */
const statics = new Map(routeTable.filter((r) => r.path !== '/' && !/[:*]/.test(r.path)).map((r) => [r, bare(r.path)]));

/**
 * The first route of the table (in its order; the catch-all of generated pages never) among those
 * `which` keeps whose path matches `pathname` whole, or undefined. The one way the client matches
 * a path against the table outside the router: the known paths, the tabs, the cold-open prefetch.
 * A route without params is compared as a string first: matchPath compiles its pattern into a
 * regular expression on every call, and the menu asks for each of its items (20 ms of a cold open).
 */
export function matchRoute(pathname: string, which: (route: AppRoute) => boolean = () => true): RouteMatch | undefined {
  const asString = bare(pathname);
  for (const route of routeTable) {
    if (route.path === '*' || !which(route)) continue;
    const fixed = statics.get(route);
    if (fixed !== undefined && fixed !== asString) continue;
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}
