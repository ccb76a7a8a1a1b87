import { Suspense, useState, useSyncExternalStore } from 'react';
import { Button, Drawer, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LockButton } from '../lock/LockButton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainMenu } from './MainMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { ChatUnreadMenu } from '../chat/ChatUnreadMenu.tsx';
import { NotificationCentre } from '../notifications/NotificationCentre.tsx';
import { useOwnChannel } from './use-own-channel.ts';
import { mediaQueries } from '../settings/media-queries.ts';

/** Which header the width calls for (SPEC §2 breakpoints 768, 992, 1200; antd's md, lg, xl). */
export type HeaderLayout = 'drawer' | 'compact' | 'wide' | 'full';

export function headerLayout(screens: Partial<Record<'md' | 'lg' | 'xl', boolean>>): HeaderLayout {
  if (screens.xl) return 'full';
  if (screens.lg) return 'wide';
  if (screens.md) return 'compact';
  return 'drawer';
}

/**
 * The header: product title, the server's menu, unread chat messages, language, lock and user menu. At 1200 px and up
 * everything in one row with room; from 992 the gaps narrow; from 768 the product title gives its
 * room to the menu; below 768 the menu moves into a drawer opened by a menu button.
 */
export function ShellHeader({ layout }: { layout: HeaderLayout }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerFor, setDrawerFor] = useState<string>();
  const open = drawerFor === pathname;
  const gap = layout === 'full' ? 24 : 12;
  useOwnChannel();
  return (
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap, paddingInline: layout === 'full' ? 24 : 12 }} data-testid="shell-header" data-layout={layout}>
      {layout === 'drawer' && (
        <Button type="text" aria-label={t('shell.openMenu')} onClick={() => setDrawerFor(pathname)} style={{ color: '#fff' }} data-testid="menu-button">
          ☰
        </Button>
      )}
      {layout !== 'compact' && (
        <Link to="/wel/index" data-testid="product-title">
          <Typography.Title level={layout === 'drawer' ? 5 : 4} style={{ color: '#fff', margin: 0, whiteSpace: 'nowrap' }}>
            {t('app.title')}
          </Typography.Title>
        </Link>
      )}
      {layout === 'drawer' ? (
        <div style={{ flex: 1 }} />
      ) : (
        <Suspense fallback={<div style={{ flex: 1 }} />}>
          <MainMenu />
        </Suspense>
      )}
      <Space size={layout === 'full' ? 'middle' : 'small'}>
        <Suspense fallback={null}>
          <ChatUnreadMenu />
        </Suspense>
        <Suspense fallback={null}>
          <NotificationCentre />
        </Suspense>
        <LanguageSwitch onDark />
        <LockButton />
        <UserMenu />
      </Space>
      {layout === 'drawer' && (
        <Drawer open={open} onClose={() => setDrawerFor(undefined)} placement="left" size={280} title={t('app.title')} styles={{ body: { padding: 0, background: '#001529' } }} data-testid="menu-drawer">
          <Suspense fallback={null}>
            <MainMenu mode="inline" />
          </Suspense>
        </Drawer>
      )}
    </Layout.Header>
  );
}

/** SPEC §2's breakpoints, as antd's default md, lg and xl screens. */
const screens = mediaQueries(['(min-width: 768px)', '(min-width: 992px)', '(min-width: 1200px)']);

const currentLayout = (): HeaderLayout => {
  const [md, lg, xl] = screens.matches();
  return headerLayout({ md, lg, xl });
};

/**
 * The header layout for the current width, right on the first render: antd's `Grid.useBreakpoint`
 * knows the width only after a layout effect, so a cold open rendered the whole shell twice
 * (first in the narrow layout, with its drawer, then again at the real width).
 */
export function useHeaderLayout(): HeaderLayout {
  return useSyncExternalStore(screens.subscribe, currentLayout, () => 'full');
}
