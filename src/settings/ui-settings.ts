import { readSetting, removeSetting, writeSetting } from './local-settings.ts';

/**
 * The local UI settings of SPEC §3, by name (each stored under the one prefix with its type and
 * timestamp): language, colour (orange by default), theme, the lock flag and the lock password.
 */
export const SETTING = {
  language: 'language',
  colour: 'colorName',
  theme: 'themeName',
  locked: 'isLock',
  lockPassword: 'lockPasswd',
  tabs: 'tagList',
  guideTask: 'guideTask',
  autoOff: 'autoOff',
} as const;

export const DEFAULT_COLOUR = 'orange';
/** The colours a user may keep, as antd primary colours. */
export const COLOURS: Record<string, string> = { orange: '#c2410c', blue: '#1677ff', green: '#389e0d', purple: '#722ed1', red: '#cf1322' };
export const DEFAULT_THEME = 'default';


/** What ends with the session (logout or a 401): lock, open tabs, the guide-task and auto-off flags. */
export function clearSessionSettings(): void {
  for (const name of [SETTING.locked, SETTING.lockPassword, SETTING.tabs, SETTING.guideTask, SETTING.autoOff]) removeSetting(name);
}

export { readSetting, writeSetting };
