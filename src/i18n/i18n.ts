import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../engine/declaration/types.ts';
import { readSetting } from '../settings/local-settings.ts';
import zhCN from './zh-CN.json';
import enUS from './en-US.json';

/** The portal's texts: zh-CN (default) and en-US; every user-visible string comes from here or from declarations. */
export const resources = { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } } as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const saved = readSetting<string>('language');
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
