import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomerGroup } from '../../../engine/index.ts';
import type { LabelledCustomerGroup } from '../../api/templates.ts';
import { clearErrorsOnChange, showServerErrors } from './form-errors.ts';
import { GroupMembers } from './GroupMembers.tsx';
import type { SettingData } from './setting-data.ts';
import { useCreateGroup } from './setting-mutations.ts';

const FIELDS = ['code', 'nameZh', 'nameEn', 'sort'] as const;
type NewGroup = { code?: string; nameZh?: string; nameEn?: string; sort?: number | null };

/** The customer groups (DFF templates are configured by their code): list, create, and each group's settings. */
export function CustomerGroupsTab({ data, onShowSettings }: { data: SettingData; onShowSettings(code: string): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NewGroup>();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { groups, settings } = data;
  const creating = useCreateGroup();
  const count = (code: string) => (settings.value ?? []).filter((s) => s.customerGroup === code).length;

  const create = async () => {
    setFailure(undefined);
    const v = form.getFieldsValue();
    try {
      const group = { code: (v.code ?? '').trim(), nameZh: (v.nameZh ?? '').trim(), nameEn: (v.nameEn ?? '').trim(), ...(typeof v.sort === 'number' ? { sort: v.sort } : {}) };
      await creating.mutateAsync(group as CustomerGroup);
      message.success(t('templateSetting.groups.created'));
      setOpen(false);
      form.resetFields();
    } catch (e) {
      setFailure(showServerErrors(form, e, FIELDS));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="group-new">
        {t('templateSetting.groups.new')}
      </Button>
      <Table<LabelledCustomerGroup>
        rowKey="code"
        size="small"
        loading={groups.loading}
        dataSource={groups.value ?? []}
        pagination={false}
        data-testid="group-table"
        expandable={{ expandedRowRender: (g) => <GroupMembers code={g.code} data={data} />, expandRowByClick: false }}
        columns={[
          { title: t('templateSetting.groups.code'), dataIndex: 'code' },
          { title: t('templateSetting.groups.nameZh'), dataIndex: 'nameZh' },
          { title: t('templateSetting.groups.nameEn'), dataIndex: 'nameEn' },
          { title: t('templateSetting.groups.sort'), dataIndex: 'sort' },
          { title: t('templateSetting.groups.settings'), key: 'settings', render: (_, g) => count(g.code) },
          {
            title: t('templateSetting.actions'),
            key: 'actions',
            render: (_, g) => (
              <Button type="link" size="small" onClick={() => onShowSettings(g.code)} data-testid={`group-settings-${g.code}`}>
                {t('templateSetting.groups.view')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('templateSetting.groups.new')}
        okText={t('templateSetting.groups.create')}
        cancelText={t('templateSetting.cancel')}
        onOk={() => void create()}
        onCancel={() => setOpen(false)}
        forceRender
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" data-testid="group-form" onValuesChange={clearErrorsOnChange(form)}>
          <Form.Item name="code" label={t('templateSetting.groups.code')} extra={t('templateSetting.groups.codeHint')} required>
            <Input id="group-code" maxLength={30} />
          </Form.Item>
          <Form.Item name="nameZh" label={t('templateSetting.groups.nameZh')} required>
            <Input id="group-nameZh" maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('templateSetting.groups.nameEn')} required>
            <Input id="group-nameEn" maxLength={100} />
          </Form.Item>
          <Form.Item name="sort" label={t('templateSetting.groups.sort')}>
            <InputNumber id="group-sort" min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
