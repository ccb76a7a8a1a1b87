import { useState } from 'react';
import { App, Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../engine/index.ts';
import type { TemplateSetting } from '../../api/templates.ts';
import { designPath } from '../form/TemplateListPage.tsx';
import { NewTemplateModal } from '../customer/NewTemplateModal.tsx';
import { SettingDrawer } from './SettingDrawer.tsx';
import type { SettingData } from './setting-data.ts';
import { useRemoveSetting } from './setting-mutations.ts';

interface Props {
  data: SettingData;
  lang: Language;
  navigate(to: string): void;
  group: string | undefined;
  onGroup(group: string | undefined): void;
}

/** The template settings, filtered by customer group code: create, edit, delete (after a confirmation); new DFF templates open in the designer. */
export function SettingsTab({ data, lang, navigate, group, onGroup }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<TemplateSetting | null>();
  const [creatingDff, setCreatingDff] = useState(false);
  const { settings, names } = data;
  const rows = (settings.value ?? []).filter((s) => !group || s.customerGroup === group);
  const any = <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('templateSetting.any')}</span>;
  const orAny = (value: string | null, name: (v: string) => string = (v) => v) => (value ? name(value) : any);

  const removing = useRemoveSetting();
  const remove = async (s: TemplateSetting) => {
    try {
      await removing.mutateAsync(s.id);
      message.success(t('templateSetting.deleted'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Select
          allowClear
          style={{ minWidth: 240 }}
          value={group}
          onChange={(v?: string) => onGroup(v)}
          placeholder={t('templateSetting.allGroups')}
          options={(data.groups.value ?? []).map((g) => ({ value: g.code, label: `${g.label} (${g.code})` }))}
          data-testid="setting-group-filter"
        />
        <Space wrap>
          <Button onClick={() => setCreatingDff(true)} data-testid="dff-new">
            {t('templateSetting.newDff')}
          </Button>
          <Button type="primary" onClick={() => setEditing(null)} data-testid="setting-new">
            {t('templateSetting.new')}
          </Button>
        </Space>
      </Space>
      <Table<TemplateSetting>
        rowKey="id"
        size="small"
        loading={settings.loading}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1100 }}
        data-testid="setting-table"
        columns={[
          { title: t('templateSetting.field.templateCode'), dataIndex: 'templateCode', render: (v: string) => names.template(v), fixed: 'start', width: 200 },
          { title: t('templateSetting.field.customerGroup'), dataIndex: 'customerGroup', render: (v: string | null) => orAny(v, names.group) },
          { title: t('templateSetting.field.customerId'), dataIndex: 'customerId', render: (v: string | null) => orAny(v, names.company) },
          { title: t('templateSetting.field.trfTemplateId'), dataIndex: 'trfTemplateId', render: (v: string | null) => orAny(v, names.trfTemplate) },
          { title: t('templateSetting.field.productLine'), dataIndex: 'productLine', render: (v: string | null) => orAny(v) },
          { title: t('templateSetting.field.productCategory'), dataIndex: 'productCategory', render: (v: string | null) => orAny(v) },
          { title: t('templateSetting.field.testPackage'), dataIndex: 'testPackage', render: (v: string | null) => orAny(v) },
          { title: t('templateSetting.field.isDefault'), dataIndex: 'isDefault', render: (v: boolean) => v && <Tag color="orange">{t('templateSetting.default')}</Tag> },
          { title: t('templateSetting.field.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: t('templateSetting.actions'),
            key: 'actions',
            fixed: 'end',
            width: 140,
            render: (_, s) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(s)} data-testid={`setting-edit-${s.id}`}>
                  {t('templateSetting.edit')}
                </Button>
                <Popconfirm
                  title={t('templateSetting.deleteConfirm')}
                  description={t('templateSetting.deleteHint')}
                  okText={t('templateSetting.delete')}
                  cancelText={t('templateSetting.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(s)}
                >
                  <Button type="link" size="small" danger data-testid={`setting-delete-${s.id}`}>
                    {t('templateSetting.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <NewTemplateModal kind="dff" title={t('templateSetting.newDff')} open={creatingDff} onClose={() => setCreatingDff(false)} onCreated={(v) => navigate(designPath(v.code, v.version))} />
      <SettingDrawer
        data={data}
        lang={lang}
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          message.success(t('templateSetting.saved'));
          setEditing(undefined);
        }}
      />
    </Space>
  );
}
