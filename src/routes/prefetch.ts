import { matchPath } from 'react-router';
import { routeTable } from './table.tsx';

/**
 * What a signed-in page needs, fetched at once while the session and the menu are being
 * restored: the shell, the page's own module (with the modules it imports: the registry's code
 * for the pages that use it) and, for a generated entity page (no page of the table), the static
 * declarations. Otherwise each waits for the one before it (page after shell after registry) on
 * a cold open. A table page that does without the registry (the dashboard) does not download it.
 * Modules only: nothing is asked of the server, and a failed fetch is fetched again when used.
 */
export function prefetchSignedInPage(pathname: string): void {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(import('../shell/AppShell.tsx'));
  const route = routeTable.find((r) => r.path !== '*' && matchPath({ path: r.path, end: true }, pathname));
  if (!route) quiet(import('../../engine/static-entities.ts'));
  else if (route.auth && route.lazy) quiet(route.lazy());
}
