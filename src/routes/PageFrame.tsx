import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoading } from './PageLoading.tsx';
import { usePageTitle } from './page-title.ts';
import { useMenuTitle } from './menu-title.ts';

/** A routed page: its title from the menu name of its path, else the route's label (unless the page titles itself), and a spinner while its code loads. */
export function PageFrame({ label, children }: { label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const menuName = useMenuTitle(useLocation().pathname);
  usePageTitle(menuName ?? (label ? t(label) : undefined), label !== undefined);
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
