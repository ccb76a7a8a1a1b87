import { useEffect } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from '../../engine/declaration/types.ts';

const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** dayjs (the date pickers' calendar: month names, first day of week) follows the interface language. */
export function useDayjsLocale(lang: Language): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALE[lang]);
  }, [lang]);
}
