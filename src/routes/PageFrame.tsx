import { Suspense, type ReactNode } from 'react';
import { PageLoading } from './PageLoading.tsx';

/** A routed page, with a spinner while its code loads (its title: useDocumentTitle, page-title.ts). */
export function PageFrame({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
