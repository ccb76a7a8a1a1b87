import type { Locale } from 'antd/es/locale';
import type { Language } from '../../engine/declaration/types.ts';
import { i18n } from './i18n.ts';

/** One interface language: the portal's texts and antd's own locale (date pickers, pagination, empty states). */
export interface LanguagePack {
  texts: Record<string, unknown>;
  antd: Locale;
}

/**
 * Each language loads on demand, so the login page downloads the texts of one language only,
 * however many pages the portal's resources come to describe.
 */
const LOADERS: Record<Language, () => Promise<LanguagePack>> = {
  'zh-CN': () => Promise.all([import('./zh-CN.json'), import('antd/es/locale/zh_CN')]).then(([t, a]) => ({ texts: t.default, antd: a.default })),
  'en-US': () => Promise.all([import('./en-US.json'), import('antd/es/locale/en_US')]).then(([t, a]) => ({ texts: t.default, antd: a.default })),
};

const packs = new Map<Language, Promise<LanguagePack>>();

/** Loads a language (once) and hands its texts to i18next. */
export function loadLanguagePack(lang: Language): Promise<LanguagePack> {
  let pack = packs.get(lang);
  if (!pack) {
    pack = LOADERS[lang]().then((loaded) => {
      i18n.addResourceBundle(lang, 'translation', loaded.texts, true, true);
      return loaded;
    });
    pack.catch(() => packs.delete(lang));
    packs.set(lang, pack);
  }
  return pack;
}
