import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The portal's texts (src/i18n/<lang>.json, the files translators edit) in two parts per
 * language, written by `npm run gen` to src/i18n/generated/: `login`, the groups the login page
 * and what shows before any page (the route guard, page titles, errors, the language switch, the
 * legal links) read, which /login downloads; and `app`, every other group, loaded with the first
 * other page (src/i18n/language-pack.ts). A group a login-page file starts reading belongs here.
 */
export const LOGIN_TEXT_GROUPS = ['app', 'route', 'language', 'login', 'account', 'errors', 'session', 'sso', 'public', 'legal'] as const;

export const TEXT_LANGUAGES = ['zh-CN', 'en-US'] as const;
export const TEXT_PARTS_DIR = 'src/i18n/generated';

/** The generated part files, keyed by their path under `root`. */
export function generateTextParts(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const lang of TEXT_LANGUAGES) {
    const texts = JSON.parse(readFileSync(join(root, 'src', 'i18n', `${lang}.json`), 'utf8')) as Record<string, unknown>;
    const missing = LOGIN_TEXT_GROUPS.filter((g) => !(g in texts));
    if (missing.length) throw new Error(`src/i18n/${lang}.json has no text group ${missing.join(', ')} (scripts/text-parts.ts LOGIN_TEXT_GROUPS)`);
    const login = new Set<string>(LOGIN_TEXT_GROUPS);
    const part = (inLogin: boolean) => `${JSON.stringify(Object.fromEntries(Object.entries(texts).filter(([group]) => login.has(group) === inLogin)), null, 1)}\n`;
    out.set(`${TEXT_PARTS_DIR}/${lang}.login.json`, part(true));
    out.set(`${TEXT_PARTS_DIR}/${lang}.app.json`, part(false));
  }
  return out;
}
