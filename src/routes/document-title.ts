import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoute } from './match-route.ts';
import { useMenuTitle } from './menu-title.ts';
import { usePageLabels } from './page-title.ts';
import { useLanguage } from '../i18n/language-store.ts';

/**
 * The address bar's path, as it changes: the router's own location moves in a transition (react-
 * router's BrowserRouter), held back while the next page's code or data loads, so the title read
 * from it would lag behind the address. History changes are told here at once.
 */
const listeners = new Set<() => void>();
let watching = false;
function watchHistory(): void {
  if (watching) return;
  watching = true;
  const tell = () => queueMicrotask(() => listeners.forEach((l) => l()));
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      tell();
    };
  }
  window.addEventListener('popstate', tell);
}
const subscribe = (listener: () => void) => {
  watchHistory();
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const addressPath = () => window.location.pathname;

/**
 * The document title (SPEC §2): the menu name of the path on screen, else the label its page
 * gives itself (`usePageTitle`), else its route's label; then the product title. Set on every
 * change of address, menu (its names come in the user's language) and language, before the next
 * page has loaded: mounted once, above every page (router.tsx).
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const pathname = useSyncExternalStore(subscribe, addressPath);
  const menuName = useMenuTitle(pathname);
  const lang = useLanguage();
  const pageLabel = usePageLabels((s) => s.labels[pathname]?.[lang]);
  const route = matchRoute(pathname, (r) => !r.redirect)?.route;
  const routeLabel = route && !route.titledByPage ? t(route.label) : undefined;
  const product = t('app.title');
  const label = menuName ?? (pageLabel || routeLabel);
  useLayoutEffect(() => {
    document.title = label && label !== product ? `${label} - ${product}` : product;
  }, [label, product]);
}

