import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import { filingExchanges, type FilingExchange } from '../../api/efiling.ts';

/**
 * Beside an e-filing certificate's generic detail: every exchange with the regulator (issue 20:
 * "every exchange with the regulator in a log on the certificate"), each with its outcome in the
 * user's language; a certificate refused before any call shows that nothing was sent.
 */
export function FilingExchangesPanel({ record }: { record: EntityRecord }) {
  const { t, i18n } = useTranslation();
  const exchanges = useQuery({ queryKey: ['efiling', 'exchanges', record.id, record.version], queryFn: () => filingExchanges(record.id) });
  return (
    <Card title={t('efiling.exchanges')} size="small" data-testid="filing-exchanges">
      <Table<FilingExchange>
        rowKey="id"
        size="small"
        loading={exchanges.isPending}
        dataSource={exchanges.data ?? []}
        pagination={false}
        locale={{ emptyText: t('efiling.none') }}
        expandable={{
          expandedRowRender: (e) => (
            <Typography.Paragraph copyable style={{ wordBreak: 'break-all', margin: 0 }}>
              {e.request}
              <br />
              {e.response}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { key: 'at', title: t('efiling.at'), render: (_, e) => new Date(e.at).toLocaleString(i18n.language) },
          { key: 'kind', title: t('efiling.kind'), render: (_, e) => t(`efiling.kinds.${e.kind}`, { defaultValue: e.kind }) },
          { key: 'ok', title: t('efiling.result'), render: (_, e) => <Tag color={e.ok ? 'green' : 'red'}>{e.ok ? t('efiling.ok') : t('efiling.refused')}</Tag> },
          { key: 'message', title: t('efiling.message'), dataIndex: 'message' },
        ]}
      />
    </Card>
  );
}
