import { readSetting } from '../settings/local-settings.ts';

/**
 * SPEC §7: the notice is polled only on hosts outside a short list of test and local ones. The
 * list comes from the build (VITE_NOTICE_SKIP_HOSTS, comma-separated) and can be replaced per
 * browser with the local setting `noticeSkipHosts` (a string array; tests set it to []).
 */
export const DEFAULT_NOTICE_SKIP_HOSTS = ['localhost', '127.0.0.1', '[::1]', 'test.portico.dev', 'uat.portico.dev'];

export function noticeSkipHosts(): string[] {
  const stored = readSetting<unknown>('noticeSkipHosts');
  if (Array.isArray(stored)) return stored.filter((h): h is string => typeof h === 'string');
  const built = (import.meta.env.VITE_NOTICE_SKIP_HOSTS as string | undefined)?.trim();
  return built ? built.split(',').map((h) => h.trim()).filter(Boolean) : DEFAULT_NOTICE_SKIP_HOSTS;
}

export const shouldPollNotices = (hostname: string, skip: readonly string[] = noticeSkipHosts()) => !skip.includes(hostname);

/**
 * The polling interval stays SPEC §9's (30 min weekdays, 10 min weekends) unless the local setting
 * `noticePollMs` holds a number (tests and local checks of the notice states).
 */
export function noticePollOverride(): { pollInterval: number } | Record<string, never> {
  const ms = readSetting<unknown>('noticePollMs');
  return typeof ms === 'number' && ms >= 500 ? { pollInterval: ms } : {};
}
