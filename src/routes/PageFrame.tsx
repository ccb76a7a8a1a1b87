import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from './PageLoading.tsx';
import { usePageTitle } from './page-title.ts';

/** A routed page: its title from the route's label (unless the page titles itself), and a spinner while its code loads. */
export function PageFrame({ label, children }: { label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(label ? t(label) : undefined, label !== undefined);
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
