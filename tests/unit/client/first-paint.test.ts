import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE } from '../../../engine/declaration/types.ts';
import { FIRST_PAINT_PATH, firstPaintKey, parseFirstPaintKey } from '../../../engine/first-paint.ts';
import { STORED, storedLook } from '../../../src/first-paint/look.ts';
import { SETTING } from '../../../src/settings/ui-settings.ts';

/** Settings stored as src/settings/local-settings.ts stores them. */
const storage = (entries: Record<string, unknown>) => ({
  getItem: (key: string) => (key in entries ? JSON.stringify({ type: typeof entries[key], content: entries[key], datetime: 1 }) : null),
});

describe('the first paint’s head script', () => {
  it('reads the settings the app reads, under the same names', () => {
    expect(STORED).toEqual({ language: `portico-${SETTING.language}`, theme: `portico-${SETTING.theme}`, locked: `portico-${SETTING.locked}` });
  });

  it('takes the stored language, theme and lock, and the app’s defaults for anything else', () => {
    expect(storedLook(storage({ [STORED.language]: 'en-US', [STORED.theme]: 'dark', [STORED.locked]: true }))).toEqual({ lang: 'en-US', dark: true, locked: true });
    expect(storedLook(storage({}))).toEqual({ lang: DEFAULT_LANGUAGE, dark: false, locked: false });
    expect(storedLook(storage({ [STORED.language]: 'fr-FR', [STORED.theme]: 'default', [STORED.locked]: 'yes' }))).toEqual({ lang: DEFAULT_LANGUAGE, dark: false, locked: false });
    expect(storedLook({ getItem: () => '{not json' })).toEqual({ lang: DEFAULT_LANGUAGE, dark: false, locked: false });
  });

  it('names a look in the cookie as the server reads it back', () => {
    for (const look of [{ lang: 'zh-CN', dark: false }, { lang: 'en-US', dark: true }] as const) expect(parseFirstPaintKey(firstPaintKey(look))).toEqual(look);
    expect(parseFirstPaintKey(undefined)).toEqual({ lang: DEFAULT_LANGUAGE, dark: false });
    expect(parseFirstPaintKey('en-US_dark_x')).toEqual({ lang: 'en-US', dark: true });
  });

  it('is for the lifecycle viewer’s pages only', () => {
    expect(FIRST_PAINT_PATH.exec('/workflows/trf')?.[1]).toBe('trf');
    expect(FIRST_PAINT_PATH.exec('/workflows/customerApproval/')?.[1]).toBe('customerApproval');
    for (const path of ['/workflows', '/workflows/', '/workflows/trf/x', '/x/workflows/trf', '/workflows/..%2f']) expect(FIRST_PAINT_PATH.test(path), path).toBe(false);
  });
});
