import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTabs } from '../tabs/tabs-store.ts';

/** The document title: the page's label plus the product title (SPEC §2); `enabled: false` leaves it to another page. */
export function usePageTitle(label: string | undefined, enabled = true): void {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    if (!enabled) return;
    document.title = label && label !== product ? `${label} - ${product}` : product;
    if (label && label !== product) useTabs.getState().retitle(window.location.pathname, label);
  }, [label, product, enabled]);
}
