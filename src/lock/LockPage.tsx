import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Input, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { logOut } from '../auth/login.ts';
import { useSession } from '../auth/session-store.ts';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { useLock } from './lock-store.ts';

/** /lock: the locked screen; the lock password opens the portal again, or the user logs out. */
export default function LockPage() {
  const { t } = useTranslation();
  const { token: design } = theme.useToken();
  const navigate = useNavigate();
  const locked = useLock((s) => s.locked);
  const user = useSession((s) => s.userInfo);
  const token = useSession((s) => s.token);
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);
  if (!token) return <Navigate to="/login" replace />;
  if (!locked) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (useLock.getState().unlock(password)) navigate('/', { replace: true });
    else setWrong(true);
  };
  const exit = () => void logOut().finally(() => navigate('/login', { replace: true }));
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh', background: design.colorBgLayout }} data-testid="lock-page">
      <LanguageSwitch />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {user?.userName || user?.account}
      </Typography.Title>
      <Typography.Text type="secondary">{t('lock.lockedText')}</Typography.Text>
      <form onSubmit={submit} style={{ width: 320 }}>
        {wrong && <Alert type="error" showIcon title={t('lock.wrongPassword')} style={{ marginBottom: 12 }} data-testid="lock-error" />}
        <Input.Password id="unlock-password" autoFocus placeholder={t('lock.password')} aria-label={t('lock.password')} value={password} onChange={(e) => setPassword(e.target.value)} />
        <Flex gap={8} style={{ marginTop: 12 }}>
          <Button type="primary" htmlType="submit" block>
            {t('lock.unlock')}
          </Button>
          <Button block onClick={exit}>
            {t('user.logout')}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}
