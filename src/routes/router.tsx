import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useLock } from '../lock/lock-store.ts';
import { NavigationProgress } from './NavigationProgress.tsx';
import { routeTable, type AppRoute } from './table.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PageFrame } from './PageFrame.tsx';
import { PageLoading } from './PageLoading.tsx';

const AppShell = lazy(() => import('../shell/AppShell.tsx'));

function toRouteObject(route: AppRoute): RouteObject {
  if (route.redirect) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  if (!route.lazy) throw new Error(`Route '${route.path}' has neither a page nor a redirect`);
  const Page = lazy(route.lazy);
  const page = (
    <PageFrame label={route.titledByPage ? undefined : route.label}>
      <Page />
    </PageFrame>
  );
  return { path: route.path, element: route.guestOnly ? <GuestOnly>{page}</GuestOnly> : page };
}

/** The route table as a react-router tree: public pages, then the guarded pages inside the shell. */
export function buildRoutes(table: readonly AppRoute[]): RouteObject[] {
  return [
    ...table.filter((r) => !r.auth).map(toRouteObject),
    {
      element: <RequireAuth />,
      children: [
        {
          element: (
            <Suspense fallback={<PageLoading />}>
              <AppShell />
            </Suspense>
          ),
          children: table.filter((r) => r.auth).map(toRouteObject),
        },
      ],
    },
  ];
}

const routes = buildRoutes(routeTable);

/** While the screen is locked every page but /lock goes to /lock (SPEC §2). */
export const LOCK_PATH = '/lock';

/** The routed pages (declarative routing keeps the login page's script small). */
export function AppRoutes() {
  const locked = useLock((s) => s.locked);
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  if (locked && pathname !== LOCK_PATH) return <Navigate to={LOCK_PATH} replace />;
  return (
    <PageErrorBoundary>
      <NavigationProgress />
      {element}
    </PageErrorBoundary>
  );
}
