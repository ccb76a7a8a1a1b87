import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './declaration/types.ts';

/**
 * The first paint of a cold open of the lifecycle viewer (/workflows/:machineId): the server puts
 * the machine's chart, drawn from the layout the build shipped, and the shell's frame into the
 * page it sends (server/portal/first-paint.ts), so the chart is on screen before the app's scripts
 * have arrived; a script in the page's head (src/first-paint/first-paint.ts) shows it only when
 * the browser's stored language and theme are those it was drawn in and the screen is not locked,
 * and takes it away once the app has drawn its own. What the server and that script share is here.
 */

/** The pages that have a first paint, with the machine's id. */
export const FIRST_PAINT_PATH = /^\/workflows\/([A-Za-z0-9_-]+)\/?$/;

/** The element the server sends, and the attribute of `<html>` by which the head script lets it show. */
export const FIRST_PAINT_ID = 'first-paint';
export const FIRST_PAINT_ATTR = 'data-first-paint';

/** Below antd's md screen the header folds into a drawer and the viewer's toolbar wraps: no first paint there. */
export const FIRST_PAINT_MIN_WIDTH = 768;

/** The performance mark the head script sets when the first paint is showing (the bench reads it). */
export const FIRST_PAINT_MARK = 'portico:first-paint';

/**
 * The cookie by which the head script tells the server the language and theme the app will start
 * in (kept in localStorage, which a server cannot read): `<language>_<light|dark>`, as `firstPaintKey` writes it.
 */
export const FIRST_PAINT_COOKIE = 'portico_ui';

export interface FirstPaintLook {
  lang: Language;
  dark: boolean;
}

export const firstPaintKey = (look: FirstPaintLook): string => `${look.lang}_${look.dark ? 'dark' : 'light'}`;

/** The look a cookie value names; the defaults for anything else. */
export function parseFirstPaintKey(value: string | undefined): FirstPaintLook {
  const [lang, theme] = (value ?? '').split('_');
  return { lang: LANGUAGES.find((l) => l === lang) ?? DEFAULT_LANGUAGE, dark: theme === 'dark' };
}
