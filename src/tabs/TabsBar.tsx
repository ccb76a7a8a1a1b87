import { useEffect } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeOf } from './route-meta.ts';
import { DASHBOARD_PATH, useTabs } from './tabs-store.ts';

/** The open tabs under the header: each visited page opens one; click to switch, × to close. */
export function TabsBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);

  useEffect(() => {
    const { route, params } = routeOf(pathname);
    const labelKey = route && !route.titledByPage ? route.label : undefined;
    useTabs.getState().open({
      label: labelKey ? '' : document.title.split(' - ')[0] ?? '',
      path: pathname,
      params,
      query: search,
      meta: { labelKey, keepAlive: route?.keepAlive },
      group: pathname.split('/')[1] ?? '',
    });
  }, [pathname, search]);

  const close = (path: string) => {
    const next = useTabs.getState().close(path);
    if (path !== pathname) return;
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
      onChange={go}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
      items={tabs.map((tab) => ({ key: tab.path, label: tab.meta.labelKey ? t(tab.meta.labelKey) : tab.label || tab.path, closable: tab.closable }))}
      style={{ marginBottom: 0, paddingInline: 16, paddingTop: 8 }}
      data-testid="open-tabs"
    />
  );
}
