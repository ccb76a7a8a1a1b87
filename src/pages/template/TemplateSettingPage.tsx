import { useState } from 'react';
import { Button, Card, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { canDesign } from '../form/designer-texts.ts';
import { CUSTOMER_TEMPLATE_PATHS } from '../customer/customer-template-paths.ts';
import { CustomerGroupsTab } from './CustomerGroupsTab.tsx';
import { ResolveCheck } from './ResolveCheck.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { useSettingData } from './setting-data.ts';

/**
 * /template/template-setting: which DFF template a TRF takes, by product line, customer group,
 * customer, product category and test package; the customer groups; and a check of the template a
 * buyer would get. For holders of `template:design` only (others see 403).
 */
export default function TemplateSettingPage() {
  const { permissions } = useRendererEnv();
  const { t } = useTranslation();
  if (!canDesign(permissions)) return <Result status="403" title="403" subTitle={t('templateSetting.noPermission')} data-testid="template-setting-forbidden" />;
  return <TemplateSettings />;
}

function TemplateSettings() {
  const { lang, navigate } = useRendererEnv();
  const { t } = useTranslation();
  const data = useSettingData(lang);
  const [tab, setTab] = useState('settings');
  const [group, setGroup] = useState<string>();
  return (
    <Card
      size="small"
      title={t('templateSetting.title')}
      data-testid="template-setting"
      extra={
        <Button type="link" onClick={() => navigate(CUSTOMER_TEMPLATE_PATHS.material)}>
          {t('templateSetting.designTemplates')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'settings', label: t('templateSetting.tabs.settings'), children: <SettingsTab data={data} lang={lang} navigate={navigate} group={group} onGroup={setGroup} /> },
          {
            key: 'groups',
            label: t('templateSetting.tabs.groups'),
            children: (
              <CustomerGroupsTab
                data={data}
                onShowSettings={(code) => {
                  setGroup(code);
                  setTab('settings');
                }}
              />
            ),
          },
          { key: 'check', label: t('templateSetting.tabs.check'), children: <ResolveCheck data={data} navigate={navigate} /> },
        ]}
      />
    </Card>
  );
}
