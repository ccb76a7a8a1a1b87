import { useEffect, useState } from 'react';
import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { validateSsoToken } from '../../api/auth.ts';
import { logInWithSso } from '../../auth/login.ts';

/** One attempt per token: the token is single-use, and React may run the page's effect twice. */
const attempts = new Map<string, Promise<void>>();

function signInOnce(token: string, invalid: string): Promise<void> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = validateSsoToken(token).then(({ valid }) => {
      if (!valid) throw new Error(invalid);
      return logInWithSso(token);
    });
    attempts.set(token, attempt);
  }
  return attempt;
}

/** /sso?token=…: checks the one-use token, logs in with it and lands on /; otherwise says why. */
export default function SsoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [problem, setProblem] = useState<string | undefined>(token ? undefined : t('sso.missing'));
  useEffect(() => {
    if (!token) return;
    let active = true;
    signInOnce(token, t('sso.invalid'))
      .then(() => active && navigate('/', { replace: true }))
      .catch((e: unknown) => active && setProblem(e instanceof Error && e.message ? e.message : t('sso.invalid')));
    return () => {
      active = false;
    };
  }, [token, navigate, t]);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      {problem ? (
        <Result status="warning" title={t('sso.failed')} subTitle={problem} extra={<Link to="/login"><Button type="primary">{t('public.toLogin')}</Button></Link>} data-testid="sso-problem" />
      ) : (
        <Spin size="large" description={t('sso.checking')} />
      )}
    </Flex>
  );
}
