import { useSyncExternalStore } from 'react';
import { getButtons, getMe } from '../api/auth.ts';
import { loadAppTexts } from '../i18n/language-pack.ts';
import { useSession } from '../auth/session-store.ts';
import { useMenu } from './menu-store.ts';
import { prefetchPublishedBundles } from '../registry/published-templates.ts';
import { matchRoute } from './match-route.ts';
import { loadOnce } from '../../renderers/env/settled.ts';

/** The path last prefetched: a cold open asks at start and again when the guard first renders. */
let prefetched: string | undefined;

/** The signed-in frame's module (router.tsx renders it; asked here first on a cold open). */
export const loadShell = () => import('../shell/AppShell.tsx');

/** The shell's registry (the menu waits for it): asked with the shell, not when the menu first renders. */
const loadShellRegistry = () => import('../registry/shell-registry.ts').then((m) => m.loadShellRegistry());

/**
 * Whether the first signed-in page's modules, texts and registry have arrived (or failed: the
 * page then shows its own fallbacks). The guard shows its spinner until then, so the first render
 * of the shell suspends nowhere: a shown Suspense fallback would hold the page back 300 ms.
 */
let firstPageSettled = false;
const firstPageListeners = new Set<() => void>();

/**
 * What a signed-in page needs, fetched at once while the session and the menu are being
 * restored: the shell, the page's own module (with the modules it imports: the registry's code
 * for the pages that use it) and, for a generated entity page (no page of the table), the static
 * declarations. Otherwise each waits for the one before it (page after shell after registry) on
 * a cold open. A table page that does without the registry (the dashboard) does not download it.
 * The route's `prefetch` starts what the page first fetches (the viewer: its machine's shipped
 * layout) with them. A failed fetch is fetched again when used.
 */
export function prefetchSignedInPage(pathname: string): void {
  if (prefetched === pathname) return;
  prefetched = pathname;
  const found = matchRoute(pathname);
  const load = found?.route.auth ? found.route.lazy : undefined;
  const loads: Promise<unknown>[] = [loadOnce(loadShell), loadAppTexts(), loadShellRegistry()];
  if (found && load) loads.push(loadOnce(load));
  if (found?.route.auth && found.route.prefetch) loads.push(found.route.prefetch(found.params));
  else if (!found) loads.push(import('../../engine/built-registry.ts'));
  void Promise.allSettled(loads).then(() => {
    firstPageSettled = true;
    for (const l of firstPageListeners) l();
  });
}

const subscribeFirstPage = (listener: () => void) => {
  firstPageListeners.add(listener);
  return () => firstPageListeners.delete(listener);
};

/** True once the first signed-in page can render without waiting (see `firstPageSettled`); stays true. */
export const useFirstPageReady = () => useSyncExternalStore(subscribeFirstPage, () => firstPageSettled);

let restoring: { token: string; done: Promise<void> } | undefined;

/**
 * Completes the profile of a session known only by its token (a reload, a new tab): the user and
 * the button codes, asked together, once per token however many callers ask. A failure ends the
 * session (the guard then asks for a login).
 */
export function restoreProfile(token: string): Promise<void> {
  if (restoring?.token !== token) {
    const done = Promise.all([getMe(), getButtons()]).then(
      ([me, buttons]) => {
        if (useSession.getState().token === token) useSession.getState().restore(me, buttons);
      },
      () => {
        if (useSession.getState().token === token) useSession.getState().clear();
      },
    );
    restoring = { token, done };
  }
  return restoring.done;
}

/**
 * A page opened with a session (a reload, a link, a new tab) starts everything it will wait for
 * as the script starts, side by side: the texts of the pages, the profile, the menu, the published
 * templates (the shell's registry), and then the
 * modules of the shell and the page (many: asked last, so the small answers the shell waits for
 * are not queued behind them). Before, each began when the one before it had arrived and rendered
 * (profile, then menu, then shell, then page). Public pages start nothing.
 */
export function startSignedInPage(pathname: string): void {
  const { token, profile } = useSession.getState();
  if (!token) return;
  if (matchRoute(pathname)?.route.auth === false) return;
  void loadAppTexts().catch(() => undefined);
  if (!profile) void restoreProfile(token);
  void useMenu.getState().load(token);
  prefetchPublishedBundles();
  // A task later: the texts' own imports are asked in a microtask (Vite's preload helper), and
  // the page's modules are asked at once, so they would otherwise come first.
  setTimeout(() => prefetchSignedInPage(pathname), 0);
}
