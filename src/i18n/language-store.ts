import { create } from 'zustand';
import type { Language } from '../../engine/declaration/types.ts';
import { writeSetting } from '../settings/local-settings.ts';
import { i18n, storedLanguage } from './i18n.ts';

interface LanguageState {
  lang: Language;
  setLanguage(lang: Language): void;
}

function apply(lang: Language) {
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/**
 * The interface language: i18next, antd (ConfigProvider locale, in App) and dayjs (in the shell,
 * where the date pickers are) follow it; it is kept in localStorage.
 */
export const useLanguageStore = create<LanguageState>((set) => ({
  lang: storedLanguage(),
  setLanguage(lang) {
    apply(lang);
    writeSetting('language', lang);
    set({ lang });
  },
}));

apply(useLanguageStore.getState().lang);

export const useLanguage = (): Language => useLanguageStore((s) => s.lang);
