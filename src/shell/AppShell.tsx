import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Layout } from 'antd';
import { useLocation } from 'react-router';
import { PageLoading } from '../routes/PageLoading.tsx';
import { GuideWidget } from '../guide/GuideWidget.tsx';
import { MaintenanceNotice } from '../notices/MaintenanceNotice.tsx';
import { RequestFailureMessages } from '../errors/RequestFailureMessages.tsx';
import { KeepAliveOutlet } from '../tabs/KeepAliveOutlet.tsx';
import { TabsBar } from '../tabs/TabsBar.tsx';
import { ContactUs } from './ContactUs.tsx';
import { EfilingUnavailable } from './EfilingUnavailable.tsx';
import { ShellFooter } from './ShellFooter.tsx';
import { ShellHeader, useHeaderLayout } from './ShellHeader.tsx';
import { createQueryClient } from '../../renderers/env/query-client.ts';
import { PortalRendererEnv } from './renderer-env.tsx';
import { STATIC_VARIANT_ROUTES } from '../../engine/static-routes.ts';

/** The main area's padding for each header layout: the narrower the screen, the less. */
const CONTENT_PADDING = { full: 24, wide: 16, compact: 16, drawer: 8 } as const;

/**
 * Pages that use the full height: no top margin above them (SPEC §2: the TRF detail and the CCL
 * new-TRF paths; the rule holds for the detail and new pages of every declared variant).
 */
const NO_TOP_MARGIN = ['/trf/trfDetail', ...STATIC_VARIANT_ROUTES.flatMap((r) => [r.detail, r.new].filter((p): p is string => Boolean(p)))];

/**
 * The logged-in frame: header (product, menu, language, lock, user), open tabs, the routed page,
 * footer, contact us, the new-user guide. It holds the one server-data cache of the session
 * (TanStack Query): every page below shares it, and it goes with the session (a logout unmounts
 * the shell), so the next user never sees the last one's data. The login page loads none of it.
 */
export default function AppShell() {
  const [queries] = useState(createQueryClient);
  const { pathname } = useLocation();
  const flush = NO_TOP_MARGIN.includes(pathname);
  const layout = useHeaderLayout();
  const pad = CONTENT_PADDING[layout];
  return (
    <QueryClientProvider client={queries}>
      <AntApp>
        <PortalRendererEnv>
          <MaintenanceNotice />
          <RequestFailureMessages />
          <Layout style={{ minHeight: '100vh' }}>
            <ShellHeader layout={layout} />
            <EfilingUnavailable />
            <TabsBar />
            <Layout.Content style={{ paddingInline: pad, paddingBottom: pad, paddingTop: flush ? 0 : pad }} data-testid="shell-content" data-flush={flush}>
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
    </QueryClientProvider>
  );
}
