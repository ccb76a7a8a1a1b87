import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { getPublicKey } from '../../api/auth.ts';
import { encryptPassword } from '../../auth/encrypt-password.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { rulesFor, type AccountSchema } from './schema-rules.ts';
import { LegalLinks } from '../../shell/LegalLinks.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';

/** Server error codes that belong to one field (SPEC §8 messages shown under it). */
const FIELD_OF_ERROR: Record<string, string> = {
  EMAIL_REGISTERED: 'email',
  MOBILE_REGISTERED: 'mobile',
  ACCOUNT_REGISTERED: 'account',
  CODE_TIMED_OUT: 'code',
  CODE_INVALID: 'code',
  CODE_WRONG: 'code',
  PASSWORD_MISMATCH: 'passwordRepeat',
};

type Values = Record<string, unknown>;

/**
 * An account form drawn from its JSON Schema (labels, help and messages in the user's language):
 * the password is followed by its repeat, the code by 'send code'; both passwords leave the
 * browser RSA-encrypted; the server's per-field messages show under their fields.
 */
export function AccountForm({ schema, purpose, submitLabel, onSubmit, extra, initialValues }: { schema: AccountSchema; purpose: 'register' | 'resetPassword'; submitLabel: string; onSubmit(body: Values): Promise<void>; extra?: ReactNode; initialValues?: Values }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const required = new Set(schema.required ?? []);

  const submit = async (values: Values) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const key = await getPublicKey();
      const body: Values = { ...values };
      for (const k of Object.keys(body)) if (body[k] === undefined || body[k] === '') delete body[k];
      body.password = await encryptPassword(String(values.password), key.spki);
      body.passwordRepeat = await encryptPassword(String(values.passwordRepeat), key.spki);
      await onSubmit(body);
    } catch (e) {
      const fields = e instanceof ApiError ? [...(e.errors ?? [])] : [];
      const own = e instanceof ApiError && e.errorCode ? FIELD_OF_ERROR[e.errorCode] : undefined;
      if (own && e instanceof Error) fields.push({ field: own, message: e.message });
      const known = fields.filter((f) => f.field in schema.properties || f.field === 'passwordRepeat');
      form.setFields(known.map((f) => ({ name: f.field, errors: [f.message] })));
      if (!known.length) setProblem(e instanceof Error && e.message ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const label = (name: string) => schema.properties[name]?.['x-label']?.[lang] ?? name;
  const items = Object.entries(schema.properties).map(([name, prop]) => {
    const rules = rulesFor(prop, required.has(name), lang, t);
    const help = prop['x-description']?.[lang];
    if (prop.type === 'boolean')
      return (
        <Form.Item
          key={name}
          name={name}
          valuePropName="checked"
          rules={rules}
          // The documents the user accepts are a click away (SPEC §2's terms of use and data privacy PDFs).
          extra={name === 'termsAccepted' ? <><LegalLinks doc="terms" /> · <LegalLinks doc="privacy" /></> : undefined}
        >
          <Checkbox id={`account-${name}`}>{name === 'termsAccepted' ? t('account.acceptTerms') : label(name)}</Checkbox>
        </Form.Item>
      );
    if (name === 'code')
      return (
        <Form.Item key={name} label={label(name)} htmlFor={`account-${name}`} extra={help} required={required.has(name)}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name={name} rules={rules} noStyle>
              <Input id="account-code" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <SendCodeButton purpose={purpose} email={() => form.validateFields(['email']).then((v) => String(v.email).trim())} />
          </Space.Compact>
        </Form.Item>
      );
    const field = (
      <Form.Item key={name} name={name} label={label(name)} htmlFor={`account-${name}`} rules={rules} extra={help} validateFirst>
        {prop['x-widget'] === 'password' ? <Input.Password id={`account-${name}`} autoComplete="new-password" /> : <Input id={`account-${name}`} />}
      </Form.Item>
    );
    if (prop['x-widget'] !== 'password') return field;
    const repeat = (
      <Form.Item
        key="passwordRepeat"
        name="passwordRepeat"
        label={t('account.passwordRepeat')}
        htmlFor="account-passwordRepeat"
        dependencies={[name]}
        rules={[
          { required: true, message: t('account.passwordRepeatRequired') },
          ({ getFieldValue }) => ({ validator: (_, v) => (!v || v === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error(t('account.passwordMismatch')))) }),
        ]}
      >
        <Input.Password id="account-passwordRepeat" autoComplete="new-password" />
      </Form.Item>
    );
    return [field, repeat];
  });

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={initialValues} requiredMark scrollToFirstError data-testid="account-form">
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="account-error" />}
      {items}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="account-submit">
        {submitLabel}
      </Button>
      {extra}
    </Form>
  );
}
