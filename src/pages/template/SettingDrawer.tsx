import { useEffect, useState } from 'react';
import { Alert, AutoComplete, Button, Drawer, Form, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { text, type Language } from '../../../engine/index.ts';
import type { TemplateSetting, TemplateSettingInput } from '../../api/templates.ts';
import { clearErrorsOnChange, showServerErrors } from './form-errors.ts';
import { knownValues, selectSearch, type SettingData } from './setting-data.ts';
import { useSaveSetting } from './setting-mutations.ts';

type Values = Partial<Record<keyof TemplateSettingInput, string | boolean | null>>;

const FIELDS = ['templateCode', 'trfTemplateId', 'productLine', 'customerGroup', 'customerId', 'productCategory', 'testPackage', 'isDefault'] as const;
const FREE_TEXT = ['productLine', 'productCategory', 'testPackage'] as const;

/** Only what is filled in is sent: a criterion left out is stored empty (it matches every value). */
function toInput(v: Values): Partial<TemplateSettingInput> {
  const out: Record<string, unknown> = { isDefault: v.isDefault === true };
  for (const k of FIELDS) {
    const value = v[k];
    if (typeof value === 'string' && value.trim()) out[k] = value.trim();
  }
  return out;
}

interface Props {
  data: SettingData;
  lang: Language;
  /** The setting edited, `null` for a new one; the drawer is closed when undefined. */
  editing: TemplateSetting | null | undefined;
  onClose(): void;
  onSaved(saved: TemplateSetting): void;
}

/** Creates or edits a template setting; the server checks it and its refusals show under the fields. */
export function SettingDrawer({ data, lang, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();
  const saving = useSaveSetting();

  useEffect(() => {
    if (editing === undefined) return;
    setFailure(undefined);
    form.resetFields();
    form.setFieldsValue(editing ? Object.fromEntries(FIELDS.map((k) => [k, editing[k]])) : { isDefault: false });
  }, [editing, form]);

  const save = async () => {
    setFailure(undefined);
    try {
      onSaved(await saving.mutateAsync({ id: editing?.id, setting: toInput(form.getFieldsValue()) }));
    } catch (e) {
      setFailure(showServerErrors(form, e, FIELDS));
    }
  };

  // DFF templates with a published version (the TRF form can only take a published one); the current value stays choosable.
  const dff = data.templates.filter((x) => (x.kind === 'dff' && x.current !== null) || x.code === editing?.templateCode);
  const label = (k: string) => t(`templateSetting.field.${k}`);

  return (
    <Drawer
      open={editing !== undefined}
      onClose={onClose}
      size={520}
      title={t(editing ? 'templateSetting.editTitle' : 'templateSetting.newTitle')}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{t('templateSetting.cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => void save()} data-testid="setting-save">
            {t('templateSetting.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('templateSetting.help.scope')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="setting-failure" />}
      <Form form={form} layout="vertical" data-testid="setting-form" onValuesChange={clearErrorsOnChange(form)}>
        <Form.Item name="templateCode" label={label('templateCode')} required>
          <Select {...selectSearch} id="setting-templateCode" options={dff.map((x) => ({ value: x.code, label: `${text(x.label, lang, x.code)} (${x.code})` }))} />
        </Form.Item>
        <Form.Item name="trfTemplateId" label={label('trfTemplateId')}>
          <Select {...selectSearch} id="setting-trfTemplateId" placeholder={t('templateSetting.any')} options={data.trfTemplates} />
        </Form.Item>
        <Form.Item name="customerGroup" label={label('customerGroup')}>
          <Select {...selectSearch} id="setting-customerGroup" placeholder={t('templateSetting.any')} options={(data.groups.value ?? []).map((g) => ({ value: g.code, label: `${g.label} (${g.code})` }))} />
        </Form.Item>
        <Form.Item name="customerId" label={label('customerId')}>
          <Select {...selectSearch} id="setting-customerId" placeholder={t('templateSetting.any')} options={data.companies} />
        </Form.Item>
        {FREE_TEXT.map((k) => (
          <Form.Item key={k} name={k} label={label(k)}>
            <AutoComplete id={`setting-${k}`} placeholder={t('templateSetting.any')} options={knownValues(data.settings.value, k)} allowClear />
          </Form.Item>
        ))}
        <Form.Item name="isDefault" label={label('isDefault')} valuePropName="checked" extra={t('templateSetting.help.isDefault')}>
          <Switch id="setting-isDefault" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
