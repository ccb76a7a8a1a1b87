import { Alert, Button, Card, Flex, Spin } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { errorMessage } from '../env/error-message.ts';
import { DetailHeader } from './DetailHeader.tsx';
import { DetailSections } from './DetailSections.tsx';
import { HistoryTimeline } from './HistoryTimeline.tsx';
import { useEntityRecord } from './use-entity-record.ts';

/** The generated detail page of any registered entity: header with actions, sections, audit history. */
export function EntityDetail({ reg, id }: { reg: RegisteredEntity; id: string }) {
  const { t } = useRendererEnv();
  const { record, history, loading, error, reload, replace } = useEntityRecord(reg.name, id);
  if (error !== undefined && !record) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(error) ?? t('common.loadFailed')}
        action={<Button size="small" onClick={reload}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!record) return <Spin spinning={loading} description={t('common.loading')} />;
  return (
    <Flex vertical gap={16} data-testid="entity-detail">
      <DetailHeader reg={reg} record={record} history={history} onRecord={replace} reload={reload} />
      <DetailSections reg={reg} record={record} />
      <Card title={t('detail.history')} size="small">
        <HistoryTimeline reg={reg} entries={history} />
      </Card>
    </Flex>
  );
}
