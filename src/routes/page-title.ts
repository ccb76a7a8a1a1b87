import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The document title: the page's label plus the product title (SPEC §2); `enabled: false` leaves it to another page. */
export function usePageTitle(label: string | undefined, enabled = true): void {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    if (enabled) document.title = label && label !== product ? `${label} - ${product}` : product;
  }, [label, product, enabled]);
}
