import { useState } from 'react';
import { Alert, AutoComplete, Button, Descriptions, Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { templateSettingsApi, type TemplateResolution } from '../../api/templates.ts';
import { templateDetailPath } from '../customer/customer-template-paths.ts';
import { knownValues, selectSearch, type SettingData } from './setting-data.ts';

type Query = { buyer?: string; template?: string; productLine?: string; productCategory?: string; testPackage?: string };
type Outcome = { ok: TemplateResolution } | { refused: string; code?: string };

/**
 * "Which template would this buyer get": the server's own rule (GET /api/template-settings/resolve),
 * so the answer and its messages (replaced by the buyer's template, no buyer, no customer group)
 * are the ones the TRF form shows.
 */
export function ResolveCheck({ data, navigate }: { data: SettingData; navigate(to: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Query>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    const q = form.getFieldsValue();
    const query = Object.fromEntries(Object.entries(q).filter(([, v]) => typeof v === 'string' && v.trim()).map(([k, v]) => [k, (v as string).trim()]));
    try {
      const answer = await templateSettingsApi.resolve(query);
      setOutcome(answer.template ? { ok: answer } : { refused: answer.reason.message, code: answer.reason.code });
    } catch (e) {
      setOutcome({ refused: e instanceof Error ? e.message : String(e), code: e instanceof ApiError ? e.errorCode : undefined });
    } finally {
      setBusy(false);
    }
  };

  const r = outcome && 'ok' in outcome ? outcome.ok : undefined;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="resolve-check">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('templateSetting.check.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void run()} style={{ maxWidth: 720 }}>
        <Space wrap align="start">
          <Form.Item name="buyer" label={t('templateSetting.check.buyer')}>
            <Select {...selectSearch} id="resolve-buyer" style={{ width: 260 }} options={data.companies} />
          </Form.Item>
          <Form.Item name="template" label={t('templateSetting.check.trfTemplate')}>
            <Select {...selectSearch} id="resolve-template" style={{ width: 260 }} options={data.trfTemplates} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          {(['productLine', 'productCategory', 'testPackage'] as const).map((k) => (
            <Form.Item key={k} name={k} label={t(`templateSetting.field.${k}`)}>
              <AutoComplete id={`resolve-${k}`} style={{ width: 170 }} options={knownValues(data.settings.value, k)} allowClear placeholder={t('templateSetting.any')} />
            </Form.Item>
          ))}
        </Space>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="resolve-run">
            {t('templateSetting.check.run')}
          </Button>
        </Form.Item>
      </Form>
      {outcome && 'refused' in outcome && <Alert type="warning" showIcon title={outcome.refused} data-testid="resolve-refused" data-code={outcome.code} />}
      {r && (
        <>
          {r.message && <Alert type="info" showIcon title={r.message} data-testid="resolve-replaced" />}
          <Descriptions bordered size="small" column={1} title={t('templateSetting.check.result')} data-testid="resolve-result">
            <Descriptions.Item label={t('templateSetting.check.buyer')}>{r.buyer.name}</Descriptions.Item>
            <Descriptions.Item label={t('templateSetting.check.group')}>
              {r.customerGroup ? `${r.customerGroup.label} (${r.customerGroup.code})` : t('templateSetting.check.noGroup')}
            </Descriptions.Item>
            <Descriptions.Item label={t('templateSetting.check.template')}>
              <Space wrap>
                <span data-testid="resolve-template-name">{t('templateSetting.check.templateVersion', r.template)}</span>
                <Button type="link" size="small" onClick={() => navigate(templateDetailPath(r.template.code))}>
                  {t('templateSetting.check.openTemplate')}
                </Button>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('templateSetting.check.scope')}>
              {t(r.setting.customerId ? 'templateSetting.check.scopeCustomer' : 'templateSetting.check.scopeGroup')}
            </Descriptions.Item>
            <Descriptions.Item label={t('templateSetting.field.trfTemplateId')}>{r.trfTemplate?.label ?? t('templateSetting.any')}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Space>
  );
}
