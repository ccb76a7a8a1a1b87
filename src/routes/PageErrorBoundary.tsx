import { Component, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

function PageError({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: 48 }} role="alert">
      <h2 style={{ margin: 0 }}>{t('errors.page')}</h2>
      {detail && <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.45)' }}>{detail}</p>}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Flex>
  );
}

/** Catches a page that fails to load or render (e.g. a script chunk could not be fetched) and offers a reload. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error) return <PageError detail={this.state.error.message} />;
    return this.props.children;
  }
}
