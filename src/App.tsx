import { useMemo } from 'react';
import { ConfigProvider, theme } from 'antd';
import { BrowserRouter } from 'react-router';
import { useLanguageStore } from './i18n/language-store.ts';
import { AppRoutes } from './routes/router.tsx';
import { useAppearance } from './settings/appearance-store.ts';
import { usePrefersReducedMotion } from './settings/reduced-motion.ts';
import { COLOURS } from './settings/ui-settings.ts';

/** Button labels exactly as the resources and declarations write them (no space put between two Chinese characters). */
const BUTTON = { autoInsertSpace: false };

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

/** The portal: antd in the user's language and theme (without animations for a user who asked the system for less motion) around the router (antd's App, with its message and modal hooks, wraps the shell). */
export function App() {
  const locale = useLanguageStore((s) => s.antdLocale);
  // SPEC §9: orange by default; the colour and theme of the local UI settings apply as soon as they change.
  const colour = useAppearance((s) => s.colour);
  const dark = useAppearance((s) => s.theme === 'dark');
  const stillness = usePrefersReducedMotion();
  const themeConfig = useMemo(
    () => ({ token: { colorPrimary: COLOURS[colour], borderRadius: 6, motion: !stillness, ...(dark ? {} : LEGIBLE_LIGHT) }, algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }),
    [colour, dark, stillness],
  );
  return (
    <ConfigProvider locale={locale} theme={themeConfig} button={BUTTON}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
