import { useState } from 'react';
import { App, Button, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { alreadyShown } from '../../api/client.ts';
import { settingKeys } from '../../api/query-keys.ts';
import { templateSettingsApi } from '../../api/templates.ts';
import { selectSearch, type SettingData } from './setting-data.ts';
import { useSetMember } from './setting-mutations.ts';

/**
 * The companies in one customer group (their TRFs take the group's DFF template): add one, or
 * take one out after a confirmation. A company is in one group at most: adding moves it.
 */
export function GroupMembers({ code, data }: { code: string; data: SettingData }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const members = useQuery({ queryKey: settingKeys.members(code), queryFn: () => templateSettingsApi.members(code) });
  const setMember = useSetMember();
  const [adding, setAdding] = useState<string>();
  const change = (companyId: string, member: boolean) =>
    setMember.mutateAsync({ code, companyId, member }).then(() => {
      message.success(t(member ? 'templateSetting.groups.memberAdded' : 'templateSetting.groups.memberRemoved'));
      setAdding(undefined);
    }, alreadyShown);
  const inGroup = new Set((members.data ?? []).map((m) => m.id));
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid={`group-members-${code}`}>
      <Typography.Text strong>{t('templateSetting.groups.members')}</Typography.Text>
      <Space wrap size={[4, 8]}>
        {members.data?.length === 0 && <Typography.Text type="secondary">{t('templateSetting.groups.noMembers')}</Typography.Text>}
        {members.data?.map((m) => (
          <Popconfirm
            key={m.id}
            title={t('templateSetting.groups.removeConfirm', { company: m.name })}
            okText={t('templateSetting.groups.remove')}
            cancelText={t('templateSetting.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => change(m.id, false)}
          >
            <Tag closable onClose={(e) => e.preventDefault()} style={{ cursor: 'pointer' }}>
              {m.name}
            </Tag>
          </Popconfirm>
        ))}
      </Space>
      <Space wrap>
        <Select
          {...selectSearch}
          id={`group-member-${code}`}
          style={{ width: 260 }}
          value={adding}
          onChange={(v?: string) => setAdding(v)}
          placeholder={t('templateSetting.groups.company')}
          options={data.companies.filter((c) => !inGroup.has(c.value))}
        />
        <Button disabled={!adding} onClick={() => adding && void change(adding, true)} data-testid={`group-member-add-${code}`}>
          {t('templateSetting.groups.add')}
        </Button>
      </Space>
    </Space>
  );
}
