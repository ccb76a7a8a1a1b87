import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { text, type RegisteredEntity } from '../../../engine/index.ts';
import { DetailSections } from '../../../renderers/detail/DetailSections.tsx';
import type { EntityRecord } from '../../../renderers/env/data-provider.ts';
import { errorMessage } from '../../../renderers/env/error-message.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { entityKeys } from '../../../renderers/env/query-keys.ts';
import { detailPath } from '../../../renderers/env/entity-paths.ts';
import { dffFieldOf, dffRefOf } from '../../../renderers/form/dff/dff-source.ts';
import { portalDffSource } from './dff-source.ts';

/**
 * A TRF's DFF data on its detail page: the template record, with the labels of the version it
 * was made with (docs/templates.md). Nothing when the record has no DFF data.
 */
export function DffDetail({ reg, record }: { reg: RegisteredEntity; record: EntityRecord }) {
  const declared = dffFieldOf(reg);
  const ref = declared ? dffRefOf(record.doc, declared.field) : undefined;
  return ref ? <DffRecordCard owner={reg.name} ownerId={record.id} template={ref.template} recordId={ref.recordId} /> : null;
}

/** Cached under the record it belongs to (entityKeys.dff): saving that record, which saves the DFF data too, loads it again. */
function DffRecordCard({ owner, ownerId, template, recordId }: { owner: string; ownerId: string; template: string; recordId: string }) {
  const { t, lang, data, navigate } = useRendererEnv();
  const { data: value, error, isPending: loading } = useQuery({
    queryKey: [...entityKeys.dff(owner, ownerId), template, recordId],
    queryFn: async () => {
      const dff = await data.get({ entity: template, id: recordId });
      return { dff, reg: await portalDffSource.registration(template, dff.templateVersion) };
    },
  });
  return (
    <Card size="small" title={t('form.dff')} data-testid="dff-detail">
      {loading && !value && <Spin description={t('common.loading')} />}
      {error && !value && <Alert type="error" showIcon title={errorMessage(error) ?? t('common.loadFailed')} />}
      {value && (
        <Flex vertical gap={12}>
          <Typography.Link onClick={() => navigate(detailPath(value.reg, value.dff.id))} data-testid="dff-template">
            {t('form.dffTemplate', { template: text(value.reg.entity.label, lang, template) })}
          </Typography.Link>
          <DetailSections reg={value.reg} record={value.dff} />
        </Flex>
      )}
    </Card>
  );
}
