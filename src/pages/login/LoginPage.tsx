import { useCallback, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Flex, theme } from 'antd';
// The input components themselves, not antd's input index (which also brings TextArea, Search and OTP).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { logIn } from '../../auth/login.ts';
import { homePageAfterLogin } from '../../api/account.ts';
import { LoginCaptcha } from './LoginCaptcha.tsx';
import { LanguageSwitch } from '../../shell/LanguageSwitch.tsx';
import { LegalLinks } from '../../shell/LegalLinks.tsx';
import { checkLoginFields, type LoginFieldErrors, type LoginFields } from './login-fields.ts';
import { LoginField } from './LoginField.tsx';
import { safeRedirect } from './safe-redirect.ts';

const EMPTY: LoginFields = { account: '', password: '', acceptTerms: false, receiveMarketingCommunication: false };

/**
 * /login: account and password (encrypted before it leaves the browser), terms, marketing
 * consent. It uses only a few light antd components: the page must load fast.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [fields, setFields] = useState<LoginFields>(EMPTY);
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [serverError, setServerError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState({ required: false, refreshKey: 0, key: undefined as string | undefined, code: '' });
  const onCaptchaCode = useCallback((code: string) => setCaptcha((c) => ({ ...c, code })), []);
  const onCaptchaKey = useCallback((key: string | undefined) => setCaptcha((c) => ({ ...c, key })), []);
  const set = <K extends keyof LoginFields>(key: K, value: LoginFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = checkLoginFields(fields);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setServerError(undefined);
    try {
      await logIn({ ...fields, ...(captcha.required ? { captchaKey: captcha.key, captchaCode: captcha.code } : {}) });
      const from = search.get('redirectedFrom');
      navigate(from ? safeRedirect(from) : await homePageAfterLogin(), { replace: true });
    } catch (err) {
      setServerError(err instanceof Error && err.message ? err.message : t('login.failed'));
      const data = err instanceof ApiError ? (err.data as { captchaRequired?: boolean } | undefined) : undefined;
      if (data?.captchaRequired) setCaptcha((c) => ({ ...c, required: true, refreshKey: c.refreshKey + 1 }));
      setBusy(false);
    }
  };

  const message = (key?: string) => (key ? t(key) : undefined);
  const panel = { width: '100%', maxWidth: 400, padding: 32, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary };
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}>
      <main style={panel}>
        <Flex justify="space-between" align="start" gap={16} style={{ marginBottom: 24 }}>
          <div>
            <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, color: token.colorPrimary }}>{t('app.title')}</h1>
            <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('app.tagline')}</p>
          </div>
          <LanguageSwitch />
        </Flex>
        <h2 style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>{t('login.title')}</h2>
        {search.get('passwordReset') && !serverError && <Alert type="success" showIcon title={t('account.passwordReset')} style={{ marginBottom: 16 }} />}
        {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <form onSubmit={submit} noValidate>
          <LoginField id="login-account" label={t('login.account')} error={message(errors.account)}>
            <Input id="login-account" name="account" autoComplete="username" autoFocus status={errors.account && 'error'} value={fields.account} onChange={(e) => set('account', e.target.value)} />
          </LoginField>
          <LoginField id="login-password" label={t('login.password')} error={message(errors.password)}>
            <Password id="login-password" name="password" autoComplete="current-password" status={errors.password && 'error'} value={fields.password} onChange={(e) => set('password', e.target.value)} />
          </LoginField>
          {captcha.required && <LoginCaptcha refreshKey={captcha.refreshKey} code={captcha.code} onCode={onCaptchaCode} onKey={onCaptchaKey} />}
          <LoginField id="login-terms" error={message(errors.acceptTerms)}>
            <Checkbox id="login-terms" checked={fields.acceptTerms} onChange={(e) => set('acceptTerms', e.target.checked)}>
              {t('login.acceptTerms')}
            </Checkbox>
            <div style={{ paddingInlineStart: 24, fontSize: 12 }} data-testid="login-legal">
              <LegalLinks doc="terms" /> · <LegalLinks doc="privacy" />
            </div>
          </LoginField>
          <LoginField id="login-marketing">
            <Checkbox id="login-marketing" checked={fields.receiveMarketingCommunication} onChange={(e) => set('receiveMarketingCommunication', e.target.checked)}>
              {t('login.marketing')}
            </Checkbox>
          </LoginField>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </form>
        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }} data-testid="login-links">
          <Link to="/retrievePassword">{t('account.forgot')}</Link>
          <span>
            {t('account.noAccount')} <Link to="/register">{t('account.toRegister')}</Link> · <Link to="/simpleRegister">{t('account.toSimpleRegister')}</Link>
          </span>
        </Flex>
      </main>
      <p style={{ marginTop: 24, color: token.colorTextSecondary }}>{t('app.copyright')}</p>
    </Flex>
  );
}
