import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { matchRoute } from '../../../src/routes/match-route.ts';
import { routeTable } from '../../../src/routes/table.tsx';

/** What matchRoute answered before its string comparison: matchPath against every route in order. */
function byMatchPath(pathname: string) {
  for (const route of routeTable) {
    if (route.path === '*') continue;
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

describe('matchRoute', () => {
  const paths = routeTable.filter((r) => r.path !== '*').flatMap((r) => {
    const path = r.path.replace(':machineId', 'trf').replace('*', 'https%3A%2F%2Fexample.com');
    return [path, `${path}/`, `${path}//`, path.toUpperCase(), `${path}x`, `${path}/more`, `/x${path}`];
  });

  it('answers every route path, with trailing slashes, in other case and near misses, as matchPath does', () => {
    expect(paths.length).toBeGreaterThan(100);
    for (const path of [...paths, '/', '', '/nowhere', '/workflows/trf/extra']) expect(matchRoute(path), path).toEqual(byMatchPath(path));
  });

  it('finds the route of a static path and of a path with params', () => {
    expect(matchRoute('/OUTBOX/index/')?.route.path).toBe('/outbox/index');
    expect(matchRoute('/workflows/trf')?.params).toEqual({ machineId: 'trf' });
    expect(matchRoute('/outbox/indexes')).toBeUndefined();
  });
});
