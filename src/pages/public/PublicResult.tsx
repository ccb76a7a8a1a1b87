import type { ReactNode } from 'react';
import { Button, Flex, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../shell/LanguageSwitch.tsx';

/** A public page that says one thing: status picture, title, text (i18n keys), a way on, the language switch. */
export function PublicResult({ status, textKey, to = '/', toKey = 'public.toHome', children }: { status: ResultStatusType; textKey: string; to?: string; toKey?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Flex justify="flex-end" style={{ width: '100%', maxWidth: 640 }}>
        <LanguageSwitch />
      </Flex>
      <Result
        status={status}
        title={t(`${textKey}.title`)}
        subTitle={t(`${textKey}.text`)}
        extra={
          <Link to={to}>
            <Button type="primary">{t(toKey)}</Button>
          </Link>
        }
        data-testid="public-result"
      >
        {children}
      </Result>
    </Flex>
  );
}
