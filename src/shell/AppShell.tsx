import { Suspense } from 'react';
import { App as AntApp, Flex, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PageLoading } from '../routes/PageLoading.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainMenu } from './MainMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { PortalRendererEnv } from './renderer-env.tsx';

/** The logged-in frame: header (product, menu, language, user), the routed page, footer. */
export default function AppShell() {
  const { t } = useTranslation();
  return (
    <AntApp>
      <PortalRendererEnv>
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
              <UserMenu />
            </Space>
          </Layout.Header>
          <Layout.Content style={{ padding: 24 }}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <Layout.Footer>
            <Flex justify="center">
              <Typography.Text type="secondary">{t('app.copyright')}</Typography.Text>
            </Flex>
          </Layout.Footer>
        </Layout>
      </PortalRendererEnv>
    </AntApp>
  );
}
