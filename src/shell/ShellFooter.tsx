import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The footer: terms of use and data privacy (pages /terms and /privacy, in the chosen language —
 * the portal has no PDF documents of its own) and the copyright line.
 */
export function ShellFooter() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={4} data-testid="shell-footer">
      <Flex gap={16}>
        <Link to="/terms" target="_blank">
          {t('legal.terms.title')}
        </Link>
        <Link to="/privacy" target="_blank">
          {t('legal.privacy.title')}
        </Link>
      </Flex>
      <Typography.Text type="secondary">{t('app.copyright')}</Typography.Text>
    </Flex>
  );
}
