import { useCallback } from 'react';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { text, type RegisteredEntity } from '../../../engine/index.ts';
import { DetailSections } from '../../../renderers/detail/DetailSections.tsx';
import type { EntityRecord } from '../../../renderers/env/data-provider.ts';
import { errorMessage } from '../../../renderers/env/error-message.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { useLoad } from '../../../renderers/env/use-load.ts';
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
  return ref ? <DffRecordCard template={ref.template} recordId={ref.recordId} /> : null;
}

function DffRecordCard({ template, recordId }: { template: string; recordId: string }) {
  const { t, lang, data, navigate } = useRendererEnv();
  const load = useCallback(async () => {
    const dff = await data.get(template, recordId);
    return { dff, reg: await portalDffSource.registration(template, dff.templateVersion) };
  }, [data, template, recordId]);
  const { value, error, loading } = useLoad(load, [load]);
  return (
    <Card size="small" title={t('form.dff')} data-testid="dff-detail">
      {loading && !value && <Spin description={t('common.loading')} />}
      {error !== undefined && !value && <Alert type="error" showIcon title={errorMessage(error) ?? t('common.loadFailed')} />}
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
