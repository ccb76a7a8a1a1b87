import type { Locale } from 'antd/es/locale';
import type { Language } from '../../engine/declaration/types.ts';
import { i18n } from './i18n.ts';
import { settling, type Settling } from '../../renderers/env/settled.ts';

/** One interface language as the app starts with it: antd's own locale (date pickers, pagination, empty states); its texts are in i18next. */
export interface LanguagePack {
  antd: Locale;
}

type Texts = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Each language's texts come in two parts (src/i18n/generated/, written by `npm run gen` from
 * src/i18n/<lang>.json; scripts/text-parts.ts says which groups are the login's): the login
 * page's, loaded at start, and the rest, loaded with the first other page (`loadAppTexts`).
 * So /login downloads the texts it shows in one language, however many pages the rest describe.
 */
const TEXTS: Record<Language, { login: Texts; app: Texts }> = {
  'zh-CN': { login: () => import('./generated/zh-CN.login.json'), app: () => import('./generated/zh-CN.app.json') },
  'en-US': { login: () => import('./generated/en-US.login.json'), app: () => import('./generated/en-US.app.json') },
};
const ANTD: Record<Language, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'en-US': () => import('antd/es/locale/en_US'),
};

const parts = new Map<string, Promise<void>>();
const requested = new Set<Language>();
let withAppTexts = false;

/** Loads one part of a language's texts (once) and hands it to i18next. */
function loadPart(lang: Language, part: 'login' | 'app'): Promise<void> {
  const key = `${lang}/${part}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = TEXTS[lang][part]().then((m) => {
      i18n.addResourceBundle(lang, 'translation', m.default, true, true);
    });
    loading.catch(() => parts.delete(key));
    parts.set(key, loading);
  }
  return loading;
}

/** Loads a language: its login texts, the rest too once any other page has needed them, and antd's locale. */
export async function loadLanguagePack(lang: Language): Promise<LanguagePack> {
  requested.add(lang);
  const [antd] = await Promise.all([ANTD[lang](), loadPart(lang, 'login'), ...(withAppTexts ? [loadPart(lang, 'app')] : [])]);
  return { antd: antd.default };
}

let appTexts: { languages: string; loading: Settling<void> } | undefined;

/**
 * Loads the rest of the texts of every language asked for so far (and of any asked for later): a
 * page besides the login's is about to show. The same promise while the languages stay the same,
 * marked with its outcome (renderers/env/settled.ts): a page whose texts are here renders at once.
 */
export function loadAppTexts(): Settling<void> {
  withAppTexts = true;
  const languages = [...requested].join();
  if (appTexts?.languages !== languages || appTexts.loading.status === 'rejected') {
    appTexts = { languages, loading: settling(Promise.all([...requested].map((lang) => loadPart(lang, 'app'))).then(() => undefined)) };
  }
  return appTexts.loading;
}
