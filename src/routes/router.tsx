import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useLock } from '../lock/lock-store.ts';
import { NavigationProgress } from './NavigationProgress.tsx';
import { routeTable, type AppRoute } from './table.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PageFrame } from './PageFrame.tsx';
import { useDocumentTitle } from './document-title.ts';
import { PageLoading } from './PageLoading.tsx';
import { useMenu } from './menu-store.ts';
import { menuPaths } from './menu-routes.ts';
import { loadAppTexts } from '../i18n/language-pack.ts';
import { loadShell } from './prefetch.ts';
import { allFulfilled, loadOnce, type Settling } from '../../renderers/env/settled.ts';

/**
 * React.lazy over a module load and what must arrive with it (the texts). When all have arrived
 * (prefetched on a cold open, or loaded by an earlier page) React gets the module in the same
 * pass: no fallback is shown, so React holds back no reveal (it keeps a boundary's content back
 * for 300 ms after a fallback appeared). Otherwise it waits, as React.lazy does.
 */
function lazyLoaded<M extends { default: ComponentType }>(load: () => Settling<M>, ...alongside: (() => Settling<unknown>)[]): LazyExoticComponent<M['default']> {
  return lazy(() => {
    const module = load();
    const others = alongside.map((l) => l());
    if (allFulfilled(module, ...others)) return { then: (done: (m: M) => void) => done(module.value!) } as Promise<M>;
    return Promise.all([module, ...others]).then(() => module);
  });
}

const AppShell = lazyLoaded(() => loadOnce(loadShell), loadAppTexts);

/** One lazy component per route, kept across rebuilds of the tree (a new menu must not remount open pages). */
const pages = new WeakMap<AppRoute, LazyExoticComponent<ComponentType>>();
function pageOf(route: AppRoute): LazyExoticComponent<ComponentType> {
  const load = route.lazy;
  if (!load) throw new Error(`Route '${route.path}' has neither a page nor a redirect`);
  let page = pages.get(route);
  if (!page) pages.set(route, (page = lazyLoaded(() => loadOnce(load), ...(route.loginTexts ? [] : [loadAppTexts]))));
  return page;
}

function toRouteObject(route: AppRoute, granted: ReadonlySet<string>): RouteObject {
  if (route.redirect) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  if (route.menu && !granted.has(route.menu)) return { path: route.path, element: <Navigate to="/403" replace /> };
  const Page = pageOf(route);
  const page = (
    <PageFrame>
      <Page />
    </PageFrame>
  );
  return { path: route.path, element: route.guestOnly ? <GuestOnly>{page}</GuestOnly> : page };
}

/**
 * The route table as a react-router tree: public pages, then the guarded pages inside the shell.
 * Routes gated by the menu (`menu` in the table) open only when the server's menu for the user
 * has their path (`granted`); otherwise they lead to /403.
 */
export function buildRoutes(table: readonly AppRoute[], granted: ReadonlySet<string>): RouteObject[] {
  // Redirects come before the guard (SPEC §2): logged out, / goes to /wel/index, then to the login.
  return [
    ...table.filter((r) => !r.auth || r.redirect).map((r) => toRouteObject(r, granted)),
    {
      element: <RequireAuth />,
      children: [
        {
          element: (
            <Suspense fallback={<PageLoading />}>
              <AppShell />
            </Suspense>
          ),
          children: table.filter((r) => r.auth && !r.redirect).map((r) => toRouteObject(r, granted)),
        },
      ],
    },
  ];
}

/** While the screen is locked every page but /lock goes to /lock (SPEC §2). */
export const LOCK_PATH = '/lock';

/** The routed pages (declarative routing keeps the login page's script small); rebuilt when the server's menu arrives. */
export function AppRoutes() {
  const locked = useLock((s) => s.locked);
  const nodes = useMenu((s) => s.nodes);
  const { pathname } = useLocation();
  const routes = useMemo(() => buildRoutes(routeTable, menuPaths(nodes ?? [])), [nodes]);
  const element = useRoutes(routes);
  useDocumentTitle();
  if (locked && pathname !== LOCK_PATH) return <Navigate to={LOCK_PATH} replace />;
  return (
    <PageErrorBoundary>
      <NavigationProgress />
      {element}
    </PageErrorBoundary>
  );
}
