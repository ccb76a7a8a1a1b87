import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../engine/declaration/types.ts';
import { useLanguageStore } from '../i18n/language-store.ts';

/** zh-CN / en-US, each named in its own language; the choice is kept in localStorage. */
export function LanguageSwitch({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const setLanguage = useLanguageStore((s) => s.setLanguage);
  return (
    <Flex gap={4} role="group" aria-label={t('language.label')} data-testid="language-switch">
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          size="small"
          type={value === lang ? 'primary' : 'text'}
          style={onDark && value !== lang ? { color: 'rgba(255, 255, 255, 0.85)' } : undefined}
          aria-pressed={value === lang}
          lang={value}
          data-lang={value}
          onClick={() => void setLanguage(value)}
        >
          {t(`language.${value}`)}
        </Button>
      ))}
    </Flex>
  );
}
