import { useMemo } from 'react';
import { ConfigProvider, theme } from 'antd';
import shippedMapToken from 'virtual:antd-map-token';
import { BrowserRouter } from 'react-router';
import { useLanguageStore } from './i18n/language-store.ts';
import { AppRoutes } from './routes/router.tsx';
import { useAppearance } from './settings/appearance-store.ts';
import { usePrefersReducedMotion } from './settings/reduced-motion.ts';
import { PORTAL_BUTTON, portalTheme } from './settings/portal-theme.ts';
import { withShippedMapToken } from './settings/shipped-map-token.ts';

/** antd's light algorithm, answering the default theme with the tokens the build derived (vite.config.ts). */
const LIGHT = withShippedMapToken(theme.defaultAlgorithm, shippedMapToken, theme.defaultSeed);

/** The portal: antd in the user's language and theme (without animations for a user who asked the system for less motion) around the router (antd's App, with its message and modal hooks, wraps the shell). */
export function App() {
  const locale = useLanguageStore((s) => s.antdLocale);
  // SPEC §9: orange by default; the colour and theme of the local UI settings apply as soon as they change.
  const colour = useAppearance((s) => s.colour);
  const dark = useAppearance((s) => s.theme === 'dark');
  const stillness = usePrefersReducedMotion();
  const themeConfig = useMemo(() => portalTheme({ colour, dark, stillness }, LIGHT), [colour, dark, stillness]);
  return (
    <ConfigProvider locale={locale} theme={themeConfig} button={PORTAL_BUTTON}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
