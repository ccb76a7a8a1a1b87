import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { TEMPLATE_CODE, text, type LocalizedText } from '../../../engine/index.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { asFailure, type TemplateSummary } from '../../../renderers/designer/template-api.ts';
import { templateKeys } from '../../api/query-keys.ts';
import { useTemplateApi } from '../../api/template-cache.ts';
import { listTemplatePage } from '../../api/templates.ts';
import { canDesign, useDesignerTexts } from './designer-texts.ts';
import { ImportSchemaModal } from './ImportSchemaModal.tsx';

interface NewTemplate {
  code: string;
  zh: string;
  en: string;
}

const PAGE_SIZE = 20;

export const designPath = (code: string, version: number) => `/form/design?code=${encodeURIComponent(code)}&version=${version}`;

/** /form/list: the templates; designers create them and open them in the designer. */
export default function TemplateListPage() {
  const { lang, navigate, permissions } = useRendererEnv();
  const { message } = App.useApp();
  const t = useDesignerTexts();
  const designer = canDesign(permissions);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [form] = Form.useForm<NewTemplate>();

  const templateApi = useTemplateApi();
  // The list comes a page at a time: there may be hundreds of templates.
  const query = { page, pageSize: PAGE_SIZE };
  const templates = useQuery({ queryKey: templateKeys.page(query), queryFn: () => listTemplatePage(query), placeholderData: keepPreviousData });
  const rows: TemplateSummary[] | undefined = templates.data?.items;
  const total = templates.data?.total ?? 0;
  const error = templates.error ? asFailure(templates.error).message : undefined;

  const create = async () => {
    const v = await form.validateFields();
    const label: LocalizedText = { 'zh-CN': v.zh.trim(), 'en-US': v.en.trim() };
    try {
      const { version } = await templateApi.create(v.code.trim(), label);
      setCreating(false);
      form.resetFields();
      navigate(designPath(version.code, version.version));
    } catch (e) {
      message.error(asFailure(e).message);
    }
  };

  return (
    <Card
      size="small"
      title={t('list.title')}
      extra={
        designer && (
          <Space>
            <Button onClick={() => setImporting(true)} data-testid="template-import-schema">{t('list.importSchema')}</Button>
            <Button type="primary" onClick={() => setCreating(true)} data-testid="template-new">{t('list.new')}</Button>
          </Space>
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} />}
      <Table<TemplateSummary>
        rowKey="code"
        size="small"
        loading={!rows && !error}
        dataSource={rows ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
        data-testid="template-list"
        columns={[
          { title: t('list.code'), dataIndex: 'code' },
          { title: t('list.name'), render: (_, r) => text(r.label, lang, r.code) },
          { title: t('list.kind'), render: (_, r) => t(`list.kind_${r.kind}`) },
          { title: t('list.current'), render: (_, r) => (r.current ? <Tag color="green">v{r.current}</Tag> : '—') },
          { title: t('list.draft'), render: (_, r) => (r.draft ? <Tag color="blue">v{r.draft}</Tag> : '—') },
          {
            title: t('list.actions'),
            render: (_, r) => (
              <Space>
                {designer && (
                  <Button size="small" type="link" onClick={() => navigate(designPath(r.code, r.draft ?? r.current ?? 1))} data-testid={`template-design-${r.code}`}>
                    {t('list.design')}
                  </Button>
                )}
                {r.current && <Button size="small" type="link" onClick={() => navigate(`/form/${r.code}/list`)}>{t('list.records')}</Button>}
              </Space>
            ),
          },
        ]}
      />
      <ImportSchemaModal open={importing} onClose={() => { setImporting(false); void templates.refetch(); }} onOpenDraft={(code, version) => navigate(designPath(code, version))} />
      <Modal open={creating} title={t('list.new')} onOk={() => void create()} onCancel={() => setCreating(false)} okText={t('list.create')} cancelText={t('list.cancel')}>
        <Form form={form} layout="vertical" data-testid="template-new-form">
          <Form.Item name="code" label={t('list.code')} extra={t('list.codeHint')} rules={[{ required: true, pattern: TEMPLATE_CODE, message: t('list.codeInvalid') }]}>
            <Input data-testid="template-new-code" />
          </Form.Item>
          <Form.Item name="zh" label={t('list.nameZh')} rules={[{ required: true, whitespace: true, message: t('list.nameRequired') }]}>
            <Input data-testid="template-new-zh" />
          </Form.Item>
          <Form.Item name="en" label={t('list.nameEn')} rules={[{ required: true, whitespace: true, message: t('list.nameRequired') }]}>
            <Input data-testid="template-new-en" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
