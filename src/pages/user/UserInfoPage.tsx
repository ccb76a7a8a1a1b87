import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { downloadPersonalData, getAccount, updateAccount, type AccountInfo } from '../../api/account.ts';
import { downloadFile } from '../../../renderers/list/use-list-export.ts';
import { accountKeys } from '../../api/query-keys.ts';
import { useSession } from '../../auth/session-store.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ACCOUNT_FORMS } from '../../../engine/account-forms.ts';
import { rulesFor, type AccountSchema } from '../account/schema-rules.ts';

type Editable = Pick<AccountInfo, 'userName' | 'mobile' | 'contactNumber'>;
const EDITABLE = ['userName', 'mobile', 'contactNumber'] as const;
const schema = ACCOUNT_FORMS.registration as AccountSchema;

/** /info/index: the user's information; name, mobile and contact number can be changed; their personal data downloads as a file. */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Editable>();
  const queries = useQueryClient();
  const { data: info } = useQuery({ queryKey: accountKeys.me, queryFn: getAccount });
  useEffect(() => {
    if (info) form.setFieldsValue({ userName: info.userName, mobile: info.mobile ?? '', contactNumber: info.contactNumber ?? '' });
  }, [info, form]);
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadPersonalData()
      .then(({ blob, fileName }) => downloadFile(blob, fileName))
      .catch((e: unknown) => message.error(e instanceof Error && e.message ? e.message : t('errors.generic')))
      .finally(() => setDownloading(false));
  };
  const saving = useMutation({ mutationFn: updateAccount, onSuccess: () => queries.invalidateQueries({ queryKey: accountKeys.me }) });

  const save = async (values: Editable) => {
    try {
      await saving.mutateAsync({ userName: values.userName.trim(), mobile: values.mobile?.trim() || undefined, contactNumber: values.contactNumber?.trim() || undefined });
      useSession.getState().updateUserInfo({ userName: values.userName.trim() });
      message.success(t('userInfo.saved'));
    } catch (e) {
      const errors = e instanceof ApiError ? [...(e.errors ?? [])] : [];
      if (e instanceof ApiError && e.errorCode === 'MOBILE_REGISTERED') errors.push({ field: 'mobile', message: e.message });
      if (errors.length) form.setFields(errors.map((x) => ({ name: x.field as keyof Editable, errors: [x.message] })));
      else message.error(e instanceof Error ? e.message : t('errors.generic'));
    }
  };
  if (!info) return <Spin />;
  return (
    <Card title={t('route.userInfo')} data-testid="user-info">
      <Descriptions column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('userInfo.account')}>{info.account}</Descriptions.Item>
        <Descriptions.Item label={t('userInfo.email')}>{info.email}</Descriptions.Item>
        <Descriptions.Item label={t('userInfo.company')}>{info.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('userInfo.customerNo')}>{info.customerNo}</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
        {EDITABLE.map((name) => {
          const prop = schema.properties[name]!;
          return (
            <Form.Item key={name} name={name} label={prop['x-label']?.[lang] ?? name} rules={rulesFor(prop, name === 'userName', lang, t)}>
              <Input id={`info-${name}`} />
            </Form.Item>
          );
        })}
        <Button type="primary" htmlType="submit" loading={saving.isPending} data-testid="info-save">
          {t('userInfo.save')}
        </Button>
      </Form>
      <Space direction="vertical" style={{ marginTop: 32 }}>
        <Typography.Title level={5}>{t('userInfo.personalData')}</Typography.Title>
        <Typography.Text type="secondary">{t('userInfo.personalDataHint')}</Typography.Text>
        <Button onClick={download} loading={downloading} data-testid="personal-data-download">
          {t('userInfo.downloadPersonalData')}
        </Button>
      </Space>
    </Card>
  );
}
