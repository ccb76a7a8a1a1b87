import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { getButtons, getMe } from '../api/auth.ts';
import { useSession } from '../auth/session-store.ts';
import { PageLoading } from './PageLoading.tsx';

/** /login, remembering where to come back to (not when already on the way to /login, e.g. after Log out). */
export const loginPath = (from: string) => (from.startsWith('/login') ? '/login' : `/login?redirectedFrom=${encodeURIComponent(from)}`);

/**
 * Pages that need a session: without a token (never had one, logged out, or ended by a 401) the
 * visitor goes to /login?redirectedFrom=<path>. The path is the address bar's: during a navigation
 * React may still show the previous page, but the visitor asked for the new one. A token without
 * a profile (found in the cookie by a new tab) is completed from the server first.
 */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const profile = useSession((s) => s.profile);
  useEffect(() => {
    if (!token || profile) return;
    Promise.all([getMe(), getButtons()]).then(
      ([me, buttons]) => useSession.getState().restore(me, buttons),
      () => useSession.getState().clear(),
    );
  }, [token, profile]);
  if (!token) return <Navigate to={loginPath(window.location.pathname + window.location.search)} replace />;
  if (!profile) return <PageLoading textKey="session.restoring" />;
  return <Outlet />;
}

/** Pages only for visitors without a session (/login): a logged-in user goes to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  if (token) return <Navigate to="/" replace />;
  return <>{children}</>;
}
