import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getAccount, getMenu, updateSettings, type AccountSettings, type MenuNode } from '../../api/account.ts';
import { LANGUAGES } from '../../../engine/declaration/types.ts';

const DASHBOARD = '/wel/index';

/** The pages of the menu (its leaves; a group is not a page). */
function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children?.length ? flatten(n.children) : [n]));
}

/** /personality/settings: account settings — the page to land on after login (client_home_page) and the language. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AccountSettings>();
  const [pages, setPages] = useState<{ value: string; label: string }[] | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    Promise.all([getAccount(), getMenu()]).then(
      ([account, menu]) => {
        const options = [{ value: DASHBOARD, label: t('route.dashboard') }, ...flatten(menu).filter((n) => n.path.startsWith('/') && n.path !== DASHBOARD).map((n) => ({ value: n.path, label: n.name }))];
        setPages(options);
        form.setFieldsValue({ client_home_page: account.settings?.client_home_page, language: account.settings?.language });
      },
      (e: unknown) => message.error(e instanceof Error ? e.message : t('errors.generic')),
    );
  }, [form, message, t]);

  const save = async (values: AccountSettings) => {
    setBusy(true);
    try {
      await updateSettings({ client_home_page: values.client_home_page || DASHBOARD, ...(values.language ? { language: values.language } : {}) });
      message.success(t('settings.saved'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  if (!pages) return <Spin />;
  return (
    <Card title={t('route.settings')} data-testid="settings">
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
        <Form.Item name="client_home_page" label={t('settings.homePage')} extra={t('settings.homePageHelp')}>
          <Select id="settings-home" options={pages} allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('route.dashboard')} />
        </Form.Item>
        <Form.Item name="language" label={t('settings.language')}>
          <Select id="settings-language" allowClear options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="settings-save">
          {t('settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
