import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../engine/declaration/types.ts';
import { readSetting } from '../settings/local-settings.ts';

/**
 * The portal's texts: zh-CN (default) and en-US, in i18n/zh-CN.json and i18n/en-US.json (loaded
 * per language by language-pack.ts). Every user-visible string comes from there or from declarations.
 */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const saved = readSetting<string>('language');
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
