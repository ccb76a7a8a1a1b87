import { lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { text } from '../../../engine/i18n/labels.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { useRegistry } from '../../registry/registry.ts';
import { usePageTitle } from '../../routes/page-title.ts';
import { matchEntityRoute } from './entity-route.ts';

const pages = {
  list: lazy(() => import('./EntityListPage.tsx')),
  detail: lazy(() => import('./EntityDetailPage.tsx')),
  form: lazy(() => import('./EntityFormPage.tsx')),
};

/** The generated pages: the path names an entity's declared list, detail or form route; anything else is /404. */
export default function EntityPage() {
  const registry = useRegistry();
  const lang = useLanguage();
  const { pathname } = useLocation();
  const match = matchEntityRoute(registry, pathname);
  usePageTitle(match ? text(match.reg.entity.label, lang, match.reg.name) : undefined);
  if (!match) return <Navigate to="/404" replace />;
  const Page = pages[match.kind];
  return <Page key={match.reg.name} reg={match.reg} />;
}
