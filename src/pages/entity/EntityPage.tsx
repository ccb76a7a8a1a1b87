import { lazy, useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { spacedCjkLatin } from '../../../engine/i18n/labels.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { refreshTemplates, useRegistry } from '../../registry/registry.ts';
import { inEachLanguage, loadedText, usePageTitle } from '../../routes/page-title.ts';
import type { Language } from '../../../engine/declaration/types.ts';
import { entityPageLabel, isTemplatePath, matchEntityRoute } from './entity-route.ts';

const pages = {
  list: lazy(() => import('./EntityListPage.tsx')),
  detail: lazy(() => import('./EntityDetailPage.tsx')),
  form: lazy(() => import('./EntityFormPage.tsx')),
  own: lazy(() => import('./EntityOwnPage.tsx')),
  print: lazy(() => import('./EntityPrintPage.tsx')),
  tabs: lazy(() => import('./EntityTabsPage.tsx')),
};

/**
 * The generated pages: the path names an entity's declared list, detail or form route; anything
 * else is /404. Opening a template's page (/form/…) fetches the published templates again (and
 * waits for them when the path is not known yet), so a template or version published meanwhile
 * shows without reloading the app.
 */
export default function EntityPage() {
  const registry = useRegistry();
  const lang = useLanguage();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [checked, setChecked] = useState<string>();
  const match = matchEntityRoute(registry, pathname);
  useEffect(() => {
    if (!isTemplatePath(pathname)) return;
    let live = true;
    void refreshTemplates().finally(() => live && setChecked(pathname));
    return () => {
      live = false;
    };
  }, [pathname]);
  // A detail page titles itself with its record (EntityDetailPage); an unknown path opens no tab.
  const entity = match ? entityPageLabel(match, lang) : undefined;
  // A new record's form says so ("New test request form"), apart from the list's tab.
  const creating = match?.kind === 'form' && !new URLSearchParams(search).get('id');
  const titled = match?.kind !== 'detail' && match?.kind !== 'print';
  const titleIn = (l: Language) => {
    if (!match) return undefined;
    const name = entityPageLabel(match, l);
    const fresh = creating && !match.preset?.label ? loadedText(l, 'renderer.form.newTitle', { entity: name }) : name;
    return fresh ? spacedCjkLatin(fresh) : name;
  };
  usePageTitle(entity && creating && !match?.preset?.label ? spacedCjkLatin(t('renderer.form.newTitle', { entity })) : entity, titled, true, titled ? inEachLanguage(titleIn) : undefined);
  if (!match && isTemplatePath(pathname) && checked !== pathname) return <Spin description={t('app.loading')} />;
  if (!match) return <Navigate to="/404" replace />;
  if (match.kind === 'form') return <pages.form key={`${match.reg.name}:${pathname}`} reg={match.reg} preset={match.preset?.values} locked={match.locked} title={match.preset?.label ? entity : undefined} />;
  if (match.kind === 'list') return <pages.list key={pathname} reg={match.reg} {...match.list} />;
  if (match.kind === 'tabs') return <pages.tabs key={pathname} title={entity ?? ''} lists={match.tabs?.lists ?? []} />;
  if (match.kind === 'detail') return <pages.detail key={`${match.reg.name}:${pathname}`} reg={match.reg} openAction={match.openAction} />;
  const Page = pages[match.kind];
  return <Page key={`${match.reg.name}:${pathname}`} reg={match.reg} />;
}
