import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Spin } from 'antd';
import { registrationFor, type RegisteredEntity } from '../../engine/index.ts';
import type { EntityRecord } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { errorMessage } from '../env/error-message.ts';
import { DetailHeader } from './DetailHeader.tsx';
import { DetailSections } from './DetailSections.tsx';
import { HistoryTimeline } from './HistoryTimeline.tsx';
import { useEntityRecord } from './use-entity-record.ts';

export interface EntityDetailProps {
  reg: RegisteredEntity;
  id: string;
  /** More of the record below its sections (a TRF's DFF data). */
  extra?: (record: EntityRecord) => ReactNode;
  /** An action asked for as soon as the record shows (`routes.actionPages`). */
  openAction?: string;
}

/**
 * The generated detail page of any registered entity: header with actions, sections, audit
 * history; a record whose title alone the user may see (`access.readGrants`) shows that and says so. A template's record is shown with the version it was made with.
 */
export function EntityDetail({ reg: entityReg, id, extra, openAction }: EntityDetailProps) {
  const { t } = useRendererEnv();
  const { record, history, loading, error, historyError, reload, replace } = useEntityRecord(entityReg.name, id);
  const failed = (e: unknown) => (
    <Alert type="error" showIcon title={errorMessage(e) ?? t('common.loadFailed')} action={<Button size="small" onClick={reload}>{t('common.retry')}</Button>} />
  );
  if (error !== undefined && !record) return failed(error);
  if (!record) return <Spin spinning={loading} description={t('common.loading')} />;
  const reg = registrationFor(entityReg, record.templateVersion);
  return (
    <Flex vertical gap={16} data-testid="entity-detail">
      <DetailHeader reg={reg} record={record} history={history} onRecord={replace} reload={reload} openAction={openAction} />
      {record.titleOnly ? <Alert type="info" showIcon title={t('detail.titleOnly')} data-testid="title-only" /> : null}
      {record.titleOnly ? null : <DetailSections reg={reg} record={record} />}
      {record.titleOnly ? null : extra?.(record)}
      {record.titleOnly ? null : (
        <Card title={t('detail.history')} size="small">
          {historyError !== undefined ? failed(historyError) : <HistoryTimeline reg={reg} entries={history} doc={record.doc} />}
        </Card>
      )}
    </Flex>
  );
}
