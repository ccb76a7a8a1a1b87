import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { text } from '../../../engine/index.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { alreadyShown } from '../../api/client.ts';
import { templateKeys } from '../../api/query-keys.ts';
import { useTemplateApi } from '../../api/template-cache.ts';
import { getTemplate, getTemplateVersion, type KindedTemplate } from '../../api/templates.ts';
import { canDesign } from '../form/designer-texts.ts';
import { designPath } from '../form/TemplateListPage.tsx';
import { CUSTOMER_TEMPLATE_PATHS } from './customer-template-paths.ts';
import { ToListWithMessage } from '../entity/ToListWithMessage.tsx';
import { fieldRows, type FieldRow } from './template-fields.ts';

type VersionRow = KindedTemplate['versions'][number];
const failureText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /customer/template/templateDetail?code=…: a template's versions, status and fields, with links
 * to design and publish it (designers) and to its records. Others see published versions only.
 */
export default function TemplateDetailPage() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const code = params.get('code') ?? '';
  if (!code) return <ToListWithMessage content={t('customerTemplate.missing')} list={CUSTOMER_TEMPLATE_PATHS.material} />;
  return <TemplateDetail key={code} code={code} />;
}

function TemplateDetail({ code }: { code: string }) {
  const { lang, navigate, permissions } = useRendererEnv();
  const { t } = useTranslation();
  const designer = canDesign(permissions);
  const templateApi = useTemplateApi();
  const summary = useQuery({ queryKey: templateKeys.summary(code, lang), queryFn: () => getTemplate(code) });
  const [shown, setShown] = useState<number>();
  const s = summary.data;
  useEffect(() => {
    if (s && shown === undefined) setShown(s.versions.at(-1)?.version);
  }, [s, shown]);
  const version = useQuery({ queryKey: templateKeys.version(code, shown ?? 0), queryFn: () => getTemplateVersion(code, shown ?? 0), enabled: shown !== undefined });

  if (summary.error) return <Result status="404" title="404" subTitle={failureText(summary.error)} data-testid="template-detail-missing" />;
  if (!s) return <Card loading />;

  const back = s.kind === 'material' || s.kind === 'product' ? CUSTOMER_TEMPLATE_PATHS[s.kind] : '/form/list';
  const newVersion = () => templateApi.newVersion(code).then(({ version: v }) => navigate(designPath(code, v.version)), alreadyShown);
  const statusTag = (status: VersionRow['status']) =>
    status === 'published' ? <Tag color="green">{t('customerTemplate.statusPublished')}</Tag> : <Tag color="blue">{t('customerTemplate.statusDraft')}</Tag>;
  const yes = (v: boolean) => (v ? t('customerTemplate.yes') : '');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="template-detail">
      <Card
        size="small"
        title={`${text(s.label, lang, code)} (${code})`}
        extra={
          <Space wrap size={4}>
            <Button onClick={() => navigate(back)}>{t('customerTemplate.back')}</Button>
            {s.current !== null && <Button onClick={() => navigate(`/form/${code}/list`)} data-testid="template-detail-records">{t('customerTemplate.records')}</Button>}
            {designer && s.draft === null && <Button onClick={() => void newVersion()}>{t('customerTemplate.newVersion')}</Button>}
            {designer && (
              <Button type="primary" onClick={() => navigate(designPath(code, s.draft ?? s.current ?? 1))} data-testid="template-detail-design">
                {t('customerTemplate.design')}
              </Button>
            )}
          </Space>
        }
      >
        {!designer && <Alert type="info" showIcon title={t('customerTemplate.readOnly')} style={{ marginBottom: 12 }} />}
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="template-detail-summary">
          <Descriptions.Item label={t('customerTemplate.code')}>{code}</Descriptions.Item>
          <Descriptions.Item label={t('customerTemplate.kind')}>{t(`designer.list.kind_${s.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('customerTemplate.current')}>{s.current ? `v${s.current}` : t('customerTemplate.none')}</Descriptions.Item>
          {designer && <Descriptions.Item label={t('customerTemplate.draft')}>{s.draft ? `v${s.draft}` : t('customerTemplate.none')}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card size="small" title={t('customerTemplate.versions')}>
        <Table<VersionRow>
          rowKey="version"
          size="small"
          pagination={false}
          dataSource={[...s.versions].reverse()}
          rowClassName={(v) => (v.version === shown ? 'ant-table-row-selected' : '')}
          data-testid="template-detail-versions"
          columns={[
            { title: t('customerTemplate.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
            { title: t('customerTemplate.status'), dataIndex: 'status', render: statusTag },
            { title: t('customerTemplate.publishedAt'), dataIndex: 'publishedAt', render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : t('customerTemplate.none')) },
            {
              title: t('templateSetting.actions'),
              key: 'actions',
              render: (_, v) => (
                <Button type="link" size="small" disabled={v.version === shown} onClick={() => setShown(v.version)}>
                  {t('customerTemplate.showFields')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={shown === undefined ? undefined : t('customerTemplate.fields', { version: `v${shown}` })}>
        {version.error && <Alert type="error" showIcon title={failureText(version.error)} />}
        <Table<FieldRow>
          rowKey="key"
          size="small"
          pagination={false}
          loading={version.isFetching}
          dataSource={version.data ? fieldRows(version.data.bundle, lang) : []}
          expandable={{ defaultExpandAllRows: true }}
          scroll={{ x: 640 }}
          data-testid="template-detail-fields"
          columns={[
            { title: t('customerTemplate.field'), dataIndex: 'label' },
            { title: t('customerTemplate.key'), dataIndex: 'key', render: (k: string) => <code>{k}</code> },
            { title: t('customerTemplate.type'), dataIndex: 'type', render: (type: string) => t(`designer.type.${type}`) },
            { title: t('customerTemplate.required'), dataIndex: 'required', render: yes },
            { title: t('customerTemplate.listColumn'), dataIndex: 'listColumn', render: yes },
            { title: t('customerTemplate.filter'), dataIndex: 'filter', render: yes },
          ]}
        />
      </Card>
    </Space>
  );
}
