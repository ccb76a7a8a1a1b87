import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import { COLOURS } from './ui-settings.ts';

/** Button labels exactly as the resources and declarations write them (no space put between two Chinese characters). */
export const PORTAL_BUTTON = { autoInsertSpace: false };

/** Secondary and placeholder text, descriptions' labels and links dark enough to read: WCAG AA 4.5:1 on white (antd's defaults are 2 to 4:1). */
const LEGIBLE_LIGHT = {
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorLink: '#0958d9',
  // Danger buttons' and error texts' red at 4.5:1 on white (antd's #ff4d4f is 3.9:1).
  colorError: '#cf1322',
};

/**
 * The portal's antd theme (SPEC §9: orange by default) for a colour of the local UI settings,
 * light or dark, and without animations for a user who asked the system for less motion. The
 * build renders the antd styles with it (scripts/antd-styles.ts). `light` is the light theme's
 * algorithm: antd's own, or the client's that answers the default theme from the build.
 */
export function portalTheme({ colour, dark, stillness }: { colour: string; dark: boolean; stillness: boolean }, light: MappingAlgorithm = theme.defaultAlgorithm): ThemeConfig {
  return {
    token: { colorPrimary: COLOURS[colour], borderRadius: 6, motion: !stillness, ...(dark ? {} : LEGIBLE_LIGHT) },
    algorithm: dark ? theme.darkAlgorithm : light,
  };
}
