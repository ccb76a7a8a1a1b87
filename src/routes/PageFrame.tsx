import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoading } from './PageLoading.tsx';
import { usePageTitle } from './page-title.ts';
import { useMenuTitle } from './menu-title.ts';
import { usePageContext } from '../tabs/page-context.ts';

/** A routed page: its title from the menu name of its own path, else the route's label (unless the page titles itself), and a spinner while its code loads. */
export function PageFrame({ label, children }: { label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menuName = useMenuTitle(usePageContext().path ?? pathname);
  usePageTitle(menuName ?? (label ? t(label) : undefined), label !== undefined);
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
