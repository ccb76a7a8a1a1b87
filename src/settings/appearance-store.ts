import { create } from 'zustand';
import { rememberLook, storedLook } from '../first-paint/look.ts';
import { COLOURS, DEFAULT_COLOUR, DEFAULT_THEME, readSetting, SETTING, writeSetting } from './ui-settings.ts';

export type ThemeName = 'default' | 'dark';
export const THEMES: readonly ThemeName[] = ['default', 'dark'];

interface AppearanceState {
  /** A key of COLOURS (orange by default). */
  colour: string;
  theme: ThemeName;
  setColour(colour: string): void;
  setTheme(theme: ThemeName): void;
}

const storedColour = () => {
  const name = readSetting<string>(SETTING.colour);
  return name && name in COLOURS ? name : DEFAULT_COLOUR;
};
const storedTheme = (): ThemeName => (readSetting<string>(SETTING.theme) === 'dark' ? 'dark' : DEFAULT_THEME);

/** The colour and theme of the local UI settings: changed on the settings page, applied to antd at once, kept across reloads. */
export const useAppearance = create<AppearanceState>((set) => ({
  colour: storedColour(),
  theme: storedTheme(),
  setColour(colour) {
    if (!(colour in COLOURS)) return;
    writeSetting(SETTING.colour, colour);
    set({ colour });
  },
  setTheme(theme) {
    writeSetting(SETTING.theme, theme);
    // The look of the next cold open's first paint (engine/first-paint.ts).
    rememberLook(storedLook(localStorage));
    set({ theme });
  },
}));
