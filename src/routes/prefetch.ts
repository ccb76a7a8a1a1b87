import { matchPath } from 'react-router';
import { routeTable } from './table.tsx';

/**
 * What a signed-in page needs, fetched at once while the session and the menu are being
 * restored: the shell, the static declarations (the registry's code) and the page's own module.
 * Otherwise each waits for the one before it (page after shell after registry) on a cold open.
 * Modules only: nothing is asked of the server, and a failed fetch is fetched again when used.
 */
export function prefetchSignedInPage(pathname: string): void {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(import('../shell/AppShell.tsx'));
  quiet(import('../../engine/static-entities.ts'));
  const route = routeTable.find((r) => r.auth && r.lazy && r.path !== '*' && matchPath({ path: r.path, end: true }, pathname));
  if (route?.lazy) quiet(route.lazy());
}
