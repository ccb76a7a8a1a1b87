import { useEffect } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isNeverTab, routeOf } from './route-meta.ts';
import { DASHBOARD_PATH, useTabs } from './tabs-store.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { useMenu } from '../routes/menu-store.ts';
import { menuNameOf } from '../routes/menu-routes.ts';

/** The open tabs under the header: each visited page opens one, labelled by its menu name or route label; click to switch, × to close. */
export function TabsBar() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const menu = useMenu((s) => s.nodes);

  useEffect(() => {
    // Public pages (/login, /lock, …) and redirects are not tabs of the shell, even when the
    // shell is on screen for a moment while the router moves on from one.
    if (isNeverTab(pathname)) return;
    const { route, params } = routeOf(pathname);
    // A page that titles itself opens its tab once it knows its title (usePageTitle): a path that
    // turns out to be no page (→ /404) never leaves a tab. Its open tab follows the query here.
    if (route?.titledByPage && !useTabs.getState().tabs.some((t) => t.path === pathname)) return;
    const labelKey = route && !route.titledByPage ? route.label : undefined;
    useTabs.getState().open({
      label: '',
      path: pathname,
      params,
      query: search,
      meta: { labelKey, keepAlive: route?.keepAlive },
      group: pathname.split('/')[1] ?? '',
    });
  }, [pathname, search]);

  const close = (path: string) => {
    const next = useTabs.getState().close(path);
    // The address bar, not this render's location: a navigation that has just committed may not
    // have re-rendered the bar yet (router updates run in a transition), and closing the page
    // being shown must always move away from it.
    if (path !== window.location.pathname) return;
    navigate(next ? next.path + next.query : DASHBOARD_PATH);
  };
  const go = (path: string) => {
    const tab = tabs.find((x) => x.path === path);
    if (tab) navigate(tab.path + tab.query);
  };
  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={pathname}
      // Every click, not antd's onChange: that one skips the tab it takes to be active, and the
      // bar may not have re-rendered yet after a navigation that just committed.
      onTabClick={go}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
      items={tabs.map((tab) => ({ key: tab.path, label: menuNameOf(menu ?? [], tab.path) ?? (tab.meta.labelKey ? t(tab.meta.labelKey) : tab.labels?.[lang] || tab.label || tab.path), closable: tab.closable }))}
      style={{ marginBottom: 0, paddingInline: 16, paddingTop: 8 }}
      data-testid="open-tabs"
    />
  );
}
