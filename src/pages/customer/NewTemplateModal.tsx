import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_CODE } from '../../../engine/index.ts';
import type { TemplateVersion } from '../../../renderers/designer/template-api.ts';
import { templateChanged } from '../../api/template-cache.ts';
import { createTemplate, type TemplateKind } from '../../api/templates.ts';

interface NewTemplate {
  code: string;
  zh: string;
  en: string;
}

/** Names a new template of a kind (code, zh-CN and en-US name); the server creates its first draft. */
export function NewTemplateModal({ kind, title, open, onClose, onCreated }: { kind: TemplateKind; title?: string; open: boolean; onClose(): void; onCreated(v: TemplateVersion): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewTemplate>();
  const [failure, setFailure] = useState<string>();
  const queries = useQueryClient();
  const create = async () => {
    const v = await form.validateFields();
    setFailure(undefined);
    try {
      const { version } = await createTemplate(v.code.trim(), kind, { 'zh-CN': v.zh.trim(), 'en-US': v.en.trim() });
      void templateChanged(queries, version.code);
      form.resetFields();
      onCreated(version);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  const name = [{ required: true, whitespace: true, message: t('designer.list.nameRequired') }];
  return (
    <Modal open={open} title={title ?? t('customerTemplate.new')} onOk={() => void create()} onCancel={onClose} okText={t('designer.list.create')} cancelText={t('designer.list.cancel')} forceRender>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="customer-template-failure" />}
      <Form form={form} layout="vertical" data-testid="customer-template-form">
        <Form.Item name="code" label={t('designer.list.code')} extra={t('designer.list.codeHint')} rules={[{ required: true, pattern: TEMPLATE_CODE, message: t('designer.list.codeInvalid') }]}>
          <Input id="customer-template-code" maxLength={40} />
        </Form.Item>
        <Form.Item name="zh" label={t('designer.list.nameZh')} rules={name}>
          <Input id="customer-template-zh" maxLength={100} />
        </Form.Item>
        <Form.Item name="en" label={t('designer.list.nameEn')} rules={name}>
          <Input id="customer-template-en" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
