import type { ReactNode } from 'react';
import { App, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../shell/LanguageSwitch.tsx';
import { RequestFailureMessages } from '../../errors/RequestFailureMessages.tsx';

/** The frame of the public account pages: product, language switch, title, the form, a way back to /login. */
export function AccountLayout({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <App>
      <RequestFailureMessages />
      <Flex justify="center" style={{ minHeight: '100vh', padding: 24, background: token.colorBgLayout }}>
        <main style={{ width: '100%', maxWidth: 520, padding: 32, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, alignSelf: 'flex-start' }}>
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, color: token.colorPrimary }}>{t('app.title')}</h1>
            <LanguageSwitch />
          </Flex>
          <h2 style={{ fontSize: token.fontSizeHeading4 }}>{t(titleKey)}</h2>
          {children}
          <p style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/login">{t('account.haveAccount')}</Link>
          </p>
        </main>
      </Flex>
    </App>
  );
}
