import { useCallback, useEffect, useState } from 'react';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { getCaptcha, type Captcha } from '../../api/auth.ts';
import { LoginField } from './LoginField.tsx';

/**
 * The picture captcha the server asks for after repeated failures: the picture (click for a new
 * one) and the code typed from it. `refreshKey` changes when the login fails again (a new picture).
 */
export function LoginCaptcha({ refreshKey, code, onCode, onKey }: { refreshKey: number; code: string; onCode(code: string): void; onKey(key: string | undefined): void }) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<Captcha | undefined>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    getCaptcha().then(
      (c) => {
        setCaptcha(c);
        setFailed(false);
        onKey(c.captchaKey);
      },
      () => setFailed(true),
    );
  }, [onKey]);
  useEffect(() => {
    onCode('');
    load();
  }, [refreshKey, load, onCode]);
  return (
    <LoginField id="login-captcha" label={t('login.captcha')} error={failed ? t('errors.network') : undefined}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input id="login-captcha" name="captcha" autoComplete="off" value={code} onChange={(e) => onCode(e.target.value)} />
        <button type="button" onClick={load} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')} data-testid="login-captcha-image" style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer' }}>
          {captcha && <img src={captcha.image} alt={t('login.captchaAlt')} height={32} />}
        </button>
      </div>
    </LoginField>
  );
}
