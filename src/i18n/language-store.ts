import { create } from 'zustand';
import type { Locale } from 'antd/es/locale';
import type { Language } from '../../engine/declaration/types.ts';
import { writeSetting } from '../settings/local-settings.ts';
import { i18n, storedLanguage } from './i18n.ts';
import { loadLanguagePack } from './language-pack.ts';
import { rememberLook, storedLook } from '../first-paint/look.ts';

interface LanguageState {
  lang: Language;
  /** antd's locale for the language (ConfigProvider, in App). */
  antdLocale?: Locale;
  /** Loads the language if needed, then switches everything to it and remembers the choice. */
  setLanguage(lang: Language): Promise<void>;
}

/**
 * The interface language: i18next, antd (ConfigProvider locale) and dayjs (in the shell, where
 * the date pickers are) follow it; it is kept in localStorage.
 */
export const useLanguageStore = create<LanguageState>((set) => ({
  lang: storedLanguage(),
  async setLanguage(lang) {
    const pack = await loadLanguagePack(lang);
    document.documentElement.lang = lang;
    await i18n.changeLanguage(lang);
    writeSetting('language', lang);
    rememberLook(storedLook(localStorage));
    set({ lang, antdLocale: pack.antd });
  },
}));

/** Loads the stored (or default) language before the first render. */
export async function startLanguage(): Promise<void> {
  const lang = useLanguageStore.getState().lang;
  const pack = await loadLanguagePack(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
  useLanguageStore.setState({ antdLocale: pack.antd });
}

export const useLanguage = (): Language => useLanguageStore((s) => s.lang);
