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
export const DEFAULT_THEME = 'default';

export const readColour = () => readSetting<string>(SETTING.colour) ?? DEFAULT_COLOUR;
export const readTheme = () => readSetting<string>(SETTING.theme) ?? DEFAULT_THEME;

/** What ends with the session (logout or a 401): lock, open tabs, the guide-task and auto-off flags. */
export function clearSessionSettings(): void {
  for (const name of [SETTING.locked, SETTING.lockPassword, SETTING.tabs, SETTING.guideTask, SETTING.autoOff]) removeSetting(name);
}

export { readSetting, writeSetting };
