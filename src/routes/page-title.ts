import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The document title: the page's label plus the product title (SPEC §2). */
export function usePageTitle(label: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    document.title = label && label !== product ? `${label} - ${product}` : product;
  }, [label, product]);
}
