import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Result, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../../engine/index.ts';
import { getPowerbiLog, viewPowerbiReport, type PowerbiView } from '../../api/powerbi.ts';
import { useSession } from '../../auth/session-store.ts';
import { usePageTitle } from '../../routes/page-title.ts';

const LIST = '/powerbi/list';

/** The power BI log of the report, for the staff who manage BI reports. */
function ViewLog({ id, opened }: { id: string; opened: number }) {
  const { t } = useTranslation();
  const log = useQuery({ queryKey: ['powerbi', 'log', id, opened], queryFn: () => getPowerbiLog(id) });
  return (
    <Card title={t('powerbi.log')} size="small">
      <Table<PowerbiView>
        rowKey={(v) => `${v.viewedAt}-${v.account}`}
        size="small"
        loading={log.isLoading}
        dataSource={log.data ?? []}
        pagination={{ pageSize: 10 }}
        data-testid="powerbi-log"
        columns={[
          { key: 'at', title: t('powerbi.viewedAt'), dataIndex: 'viewedAt' },
          { key: 'user', title: t('powerbi.viewer'), render: (_, v) => `${v.userName} (${v.account})` },
          { key: 'company', title: t('powerbi.company'), dataIndex: 'companyName' },
        ]}
      />
    </Card>
  );
}

/**
 * /powerbi/index?id=…: one embedded BI report (schemas/powerbiReport/, the entity's detail route).
 * Opening it asks the server, which checks the user may see the report and that its address is on
 * an allowed embed origin, and logs the view; then the report is framed. Staff see the log below.
 */
export default function PowerbiPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const permissions = useSession((s) => s.permissions);
  const [state, setState] = useState<{ id: string; name?: string; embedUrl?: string; error?: string; opened: number }>({ id: '', opened: 0 });
  useEffect(() => {
    if (!id) return;
    let live = true;
    viewPowerbiReport(id)
      .then((r) => live && setState((s) => ({ id, name: r.name, embedUrl: r.embedUrl, opened: s.opened + 1 })))
      .catch((e: Error) => live && setState((s) => ({ id, error: e.message, opened: s.opened })));
    return () => {
      live = false;
    };
  }, [id]);
  usePageTitle(state.name ?? t('route.powerbi'));
  if (!id) return <Result status="info" title={t('powerbi.choose')} extra={<Link to={LIST}>{t('powerbi.toList')}</Link>} />;
  const current = state.id === id ? state : undefined;
  return (
    <Flex vertical gap={16} data-testid="powerbi">
      {current?.error && <Alert type="error" showIcon title={current.error} data-testid="powerbi-error" />}
      {!current && <Spin />}
      {current?.embedUrl && (
        <Card
          title={current.name}
          extra={
            <Button size="small" href={current.embedUrl} target="_blank" rel="noopener noreferrer">
              {t('powerbi.openNewWindow')}
            </Button>
          }
          styles={{ body: { padding: 0 } }}
        >
          <iframe title={current.name} src={current.embedUrl} data-testid="powerbi-frame" allow="fullscreen" referrerPolicy="no-referrer" style={{ width: '100%', height: 'calc(100vh - 260px)', minHeight: 420, border: 0 }} />
        </Card>
      )}
      {hasPermission(permissions, 'powerbi:create') && current?.embedUrl && <ViewLog id={id} opened={current.opened} />}
      <Link to={LIST}>{t('powerbi.toList')}</Link>
    </Flex>
  );
}
