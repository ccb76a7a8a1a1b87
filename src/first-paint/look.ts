import { FIRST_PAINT_COOKIE, firstPaintKey, type FirstPaintLook } from '../../engine/first-paint.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../engine/declaration/types.ts';

/**
 * The language, theme and screen lock the app will start with, read as the app reads them
 * (src/settings/local-settings.ts, `SETTING` in ui-settings.ts) but without importing the app:
 * this module is part of the page's inline head script (tests/unit/client/first-paint.test.ts
 * checks the copies against the originals).
 */
export const STORED = { language: 'portico-language', theme: 'portico-themeName', locked: 'portico-isLock' } as const;

function stored(storage: Pick<Storage, 'getItem'>, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as { content?: unknown }).content : undefined;
  } catch {
    return undefined;
  }
}

export function storedLook(storage: Pick<Storage, 'getItem'>): FirstPaintLook & { locked: boolean } {
  const lang = stored(storage, STORED.language);
  return {
    lang: LANGUAGES.find((l) => l === lang) ?? DEFAULT_LANGUAGE,
    dark: stored(storage, STORED.theme) === 'dark',
    locked: stored(storage, STORED.locked) === true,
  };
}

/** Tells the server the look for the next first paint (a year; the head script renews it on every page). */
export function rememberLook(look: FirstPaintLook): void {
  const value = firstPaintKey(look);
  if (!document.cookie.split(';').some((c) => c.trim() === `${FIRST_PAINT_COOKIE}=${value}`)) {
    document.cookie = `${FIRST_PAINT_COOKIE}=${value}; Max-Age=31536000; Path=/; SameSite=Lax`;
  }
}
