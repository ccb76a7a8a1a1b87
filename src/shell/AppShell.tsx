import { Suspense } from 'react';
import { App as AntApp, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageLoading } from '../routes/PageLoading.tsx';
import { GuideWidget } from '../guide/GuideWidget.tsx';
import { LockButton } from '../lock/LockButton.tsx';
import { MaintenanceNotice } from '../notices/MaintenanceNotice.tsx';
import { KeepAliveOutlet } from '../tabs/KeepAliveOutlet.tsx';
import { TabsBar } from '../tabs/TabsBar.tsx';
import { ContactUs } from './ContactUs.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainMenu } from './MainMenu.tsx';
import { ShellFooter } from './ShellFooter.tsx';
import { UserMenu } from './UserMenu.tsx';
import { PortalRendererEnv } from './renderer-env.tsx';

/** Pages that use the full height: no top margin above them (SPEC §2). */
const NO_TOP_MARGIN = ['/trf/trfDetail', '/ccl/trf/newTrf'];

/** The logged-in frame: header (product, menu, language, lock, user), open tabs, the routed page, footer, contact us, the new-user guide. */
export default function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const flush = NO_TOP_MARGIN.includes(pathname);
  return (
    <AntApp>
      <PortalRendererEnv>
        <MaintenanceNotice />
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, paddingInline: 24 }}>
            <Link to="/wel/index">
              <Typography.Title level={4} style={{ color: '#fff', margin: 0, whiteSpace: 'nowrap' }}>
                {t('app.title')}
              </Typography.Title>
            </Link>
            <Suspense fallback={<div style={{ flex: 1 }} />}>
              <MainMenu />
            </Suspense>
            <Space size="middle">
              <LanguageSwitch onDark />
              <LockButton />
              <UserMenu />
            </Space>
          </Layout.Header>
          <TabsBar />
          <Layout.Content style={{ padding: 24, paddingTop: flush ? 0 : 24 }} data-testid="shell-content">
            <Suspense fallback={<PageLoading />}>
              <KeepAliveOutlet />
            </Suspense>
          </Layout.Content>
          <Layout.Footer>
            <ShellFooter />
          </Layout.Footer>
          <ContactUs />
          <GuideWidget />
        </Layout>
      </PortalRendererEnv>
    </AntApp>
  );
}
