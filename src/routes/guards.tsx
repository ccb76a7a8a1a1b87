import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../auth/session-store.ts';
import { PageLoading } from './PageLoading.tsx';
import { useMenu } from './menu-store.ts';
import { mayBePage } from './known-route.ts';
import { prefetchSignedInPage, restoreProfile, useFirstPageReady } from './prefetch.ts';

/** /login, remembering where to come back to (not when already on the way to /login, e.g. after Log out). */
export const loginPath = (from: string) => (from.startsWith('/login') ? '/login' : `/login?redirectedFrom=${encodeURIComponent(from)}`);

/**
 * Pages that need a session: without a token (never had one, logged out, or ended by a 401) the
 * visitor goes to /login?redirectedFrom=<path> (a path that is no page: /404). The path is the address bar's: during a navigation
 * React may still show the previous page, but the visitor asked for the new one. A token without
 * a profile (found in the cookie by a new tab) is completed from the server first. Then the
 * server's menu is loaded (once per session: after login, or on a reload): it adds the routes of
 * the user's menu (router.tsx), so the pages wait for it.
 */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const profile = useSession((s) => s.profile);
  const menuFor = useMenu((s) => s.loadedFor);
  const firstPageReady = useFirstPageReady();
  useEffect(() => {
    if (token) prefetchSignedInPage(window.location.pathname);
  }, [token]);
  useEffect(() => {
    if (!token || profile) return;
    void restoreProfile(token);
  }, [token, profile]);
  useEffect(() => {
    if (token && profile && menuFor !== token) void useMenu.getState().load(token);
  }, [token, profile, menuFor]);
  // An unknown path is /404 for a visitor without a session too; a page asks for the login.
  if (!token) return <Navigate to={mayBePage(window.location.pathname) ? loginPath(window.location.pathname + window.location.search) : '/404'} replace />;
  if (!profile || menuFor !== token) return <PageLoading textKey="session.restoring" />;
  if (!firstPageReady) return <PageLoading />;
  return <Outlet />;
}

/**
 * Pages only for visitors without a session (/login): a user who opens one while logged in goes
 * to /. A session that starts on the page (the login itself) does not redirect: the page sends
 * the user on (to redirectedFrom or the home page setting), and a redirect here would race it.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const [loggedInOnArrival] = useState(() => Boolean(useSession.getState().token));
  if (loggedInOnArrival) return <Navigate to="/" replace />;
  return <>{children}</>;
}
