import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Radio, Segmented, Select, Spin, type FormInstance } from 'antd';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { useTranslation } from 'react-i18next';
import { getAccount, getMenu, updateSettings, type AccountSettings, type MenuNode } from '../../api/account.ts';
import { LANGUAGES } from '../../../engine/declaration/types.ts';
import { alreadyShown } from '../../api/client.ts';
import { accountKeys } from '../../api/query-keys.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { THEMES, useAppearance, type ThemeName } from '../../settings/appearance-store.ts';
import { COLOURS } from '../../settings/ui-settings.ts';

const DASHBOARD = '/wel/index';

/** The pages of the menu (its leaves; a group is not a page). */
function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children?.length ? flatten(n.children) : [n]));
}

/** The colour and theme (local UI settings, this browser only): applied at once, kept across reloads. */
function AppearanceSettings() {
  const { t } = useTranslation();
  const { colour, theme, setColour, setTheme } = useAppearance();
  return (
    <Card title={t('settings.appearance')} extra={t('settings.appearanceHelp')} data-testid="settings-appearance" style={{ marginTop: 16 }}>
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label={t('settings.colour')}>
          <Radio.Group value={colour} onChange={(e) => setColour(String(e.target.value))} aria-label={t('settings.colour')} data-testid="settings-colour">
            <Flex gap={8} wrap>
              {Object.entries(COLOURS).map(([name, hex]) => (
                <Radio.Button key={name} value={name} aria-label={t(`settings.colours.${name}`)} title={t(`settings.colours.${name}`)}>
                  <span style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', verticalAlign: 'middle', width: 16, height: 16, marginInlineEnd: 6, borderRadius: 4, background: hex, color: '#fff', fontSize: 10 }}>
                    {colour === name && <CheckOutlined />}
                  </span>
                  {t(`settings.colours.${name}`)}
                </Radio.Button>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('settings.theme')}>
          <Segmented<ThemeName> value={theme} onChange={setTheme} options={THEMES.map((value) => ({ value, label: t(`settings.themes.${value}`) }))} data-testid="settings-theme" />
        </Form.Item>
      </Form>
    </Card>
  );
}

/** /personality/settings: account settings — the page to land on after login (client_home_page) and the language — and the colour and theme. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AccountSettings>();
  const lang = useLanguage();
  const queries = useQueryClient();
  const account = useQuery({ queryKey: accountKeys.me, queryFn: getAccount });
  const menu = useQuery({ queryKey: accountKeys.menu(lang), queryFn: getMenu });
  const pages = useMemo(
    () => menu.data && [{ value: DASHBOARD, label: t('route.dashboard') }, ...flatten(menu.data).filter((n) => n.path.startsWith('/') && n.path !== DASHBOARD).map((n) => ({ value: n.path, label: n.name }))],
    [menu.data, t],
  );
  const settings = account.data?.settings;
  useEffect(() => {
    if (settings) form.setFieldsValue({ client_home_page: settings.client_home_page, language: settings.language });
  }, [settings, form, pages]);
  // The failure was shown by the request (not quiet); the saved settings are the account's, read again.
  const saving = useMutation({ mutationFn: updateSettings, onSuccess: () => queries.invalidateQueries({ queryKey: accountKeys.me }) });

  const save = (values: AccountSettings) =>
    saving.mutateAsync({ client_home_page: values.client_home_page || DASHBOARD, ...(values.language ? { language: values.language } : {}) }).then(() => message.success(t('settings.saved')), alreadyShown);
  return (
    <>
      {pages && account.data ? <AccountSettings pages={pages} form={form} busy={saving.isPending} onSave={(v) => void save(v)} /> : <Spin />}
      <AppearanceSettings />
    </>
  );
}

function AccountSettings({ pages, form, busy, onSave }: { pages: { value: string; label: string }[]; form: FormInstance<AccountSettings>; busy: boolean; onSave(values: AccountSettings): void }) {
  const { t } = useTranslation();
  return (
    <Card title={t('route.settings')} data-testid="settings">
      <Form form={form} layout="vertical" onFinish={onSave} style={{ maxWidth: 480 }}>
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
