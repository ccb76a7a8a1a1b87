import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Spin, Tag, Typography } from 'antd';
import { recordTitle, registrationFor, text, type RegisteredEntity } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { errorMessage } from '../env/error-message.ts';
import { entityKeys } from '../env/query-keys.ts';
import { formatDateTime, stateFieldsOf, stateLabel } from '../format/format-value.ts';
import { DetailSections } from './DetailSections.tsx';

/**
 * Paper: only the printable area is printed (the shell around it hidden, whatever it is), cards
 * kept whole across pages, A4 with margins; the browser's print dialog saves it as PDF.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 14mm; }
  body * { visibility: hidden; }
  .portico-print, .portico-print * { visibility: visible; }
  .portico-print { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .portico-no-print { display: none !important; }
  .portico-print .ant-card { break-inside: avoid; box-shadow: none; }
}`;

/** A record laid out for printing (an entity's `routes.print`: the TRF's /trf/previewCA2): title, states, detail sections, when printed. */
export function EntityPrint({ reg: entityReg, id }: { reg: RegisteredEntity; id: string }) {
  const { lang, t, data, navigate } = useRendererEnv();
  const { data: record, error, isLoading } = useQuery({ queryKey: entityKeys.record(entityReg.name, id), queryFn: () => data.get({ entity: entityReg.name, id }) });
  if (error) return <Alert type="error" showIcon title={errorMessage(error) ?? t('common.loadFailed')} />;
  if (!record) return <Spin spinning={isLoading} description={t('common.loading')} />;
  const reg = registrationFor(entityReg, record.templateVersion);
  const title = `${text(reg.entity.label, lang, reg.name)} ${recordTitle(reg, record.doc, lang)}`;
  return (
    <div className="portico-print" data-testid="entity-print">
      <style>{PRINT_CSS}</style>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Flex gap={8} className="portico-no-print">
            <Button onClick={() => navigate(`${reg.entity.routes.detail}?id=${encodeURIComponent(record.id)}`)}>{t('common.back')}</Button>
            <Button type="primary" onClick={() => window.print()} data-testid="print-button">
              {t('print.print')}
            </Button>
          </Flex>
        </Flex>
        <Flex gap={8} wrap>
          {stateFieldsOf(reg).map((f) => (
            <Tag key={f}>{stateLabel(reg, f, record.states[f] ?? '', lang)}</Tag>
          ))}
          <Typography.Text type="secondary">
            {record.companyName} · {record.createdByName} · {t('print.printedAt', { time: formatDateTime(new Date().toISOString(), lang) })}
          </Typography.Text>
        </Flex>
        <DetailSections reg={reg} record={record} />
      </Flex>
    </div>
  );
}
