import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../shell/LanguageSwitch.tsx';

const SECTIONS = [1, 2, 3, 4, 5] as const;

/** A legal text from the i18n resources (title, sections with heading and body), in the chosen language. */
function LegalText({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex justify="center" style={{ padding: 24, background: token.colorBgLayout, minHeight: '100vh' }}>
      <article style={{ maxWidth: 760, width: '100%', background: token.colorBgContainer, padding: 32, borderRadius: token.borderRadiusLG }} data-testid={`legal-${doc}`}>
        <Flex justify="space-between" align="center">
          <Link to="/">{t('app.title')}</Link>
          <LanguageSwitch />
        </Flex>
        <Typography.Title level={2}>{t(`legal.${doc}.title`)}</Typography.Title>
        <Typography.Text type="secondary">{t('legal.updated')}</Typography.Text>
        {SECTIONS.map((n) => (
          <section key={n}>
            <Typography.Title level={4}>{t(`legal.${doc}.h${n}`)}</Typography.Title>
            <Typography.Paragraph>{t(`legal.${doc}.p${n}`)}</Typography.Paragraph>
          </section>
        ))}
      </article>
    </Flex>
  );
}

export const TermsPage = () => <LegalText doc="terms" />;
export const PrivacyPage = () => <LegalText doc="privacy" />;
