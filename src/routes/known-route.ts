import { matchPath } from 'react-router';
import { routeTable } from './table.tsx';

/** A path the route table has a page or redirect for (the catch-all of generated pages aside). */
export function knownRoute(path: string): boolean {
  return routeTable.some((r) => r.path !== '*' && matchPath({ path: r.path, end: true }, path) !== null);
}
