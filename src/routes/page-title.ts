import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTabs } from '../tabs/tabs-store.ts';
import { usePageContext } from '../tabs/page-context.ts';

/**
 * The document title: the page's label plus the product title (SPEC §2), and the label of the
 * page's tab. `enabled: false` leaves it to another page; a page kept alive but hidden leaves it
 * to the page on screen. `opensTab`: the page titles itself, and its tab opens with the title.
 */
export function usePageTitle(label: string | undefined, enabled = true, opensTab = false): void {
  const { t } = useTranslation();
  const product = t('app.title');
  const { active } = usePageContext();
  // One page element may show several paths (the generated pages' catch-all route): each is titled.
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled || !active) return;
    document.title = label && label !== product ? `${label} - ${product}` : product;
    if (!label || label === product) return;
    if (opensTab) useTabs.getState().openTitled(pathname, window.location.search, label);
    useTabs.getState().retitle(pathname, label);
  }, [label, product, enabled, active, opensTab, pathname]);
}
