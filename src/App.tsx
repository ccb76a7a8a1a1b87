import { useMemo } from 'react';
import { ConfigProvider, theme } from 'antd';
import { BrowserRouter } from 'react-router';
import { useLanguageStore } from './i18n/language-store.ts';
import { AppRoutes } from './routes/router.tsx';
import { useAppearance } from './settings/appearance-store.ts';
import { COLOURS } from './settings/ui-settings.ts';

/** Button labels exactly as the resources and declarations write them (no space put between two Chinese characters). */
const BUTTON = { autoInsertSpace: false };

/** The portal: antd in the user's language and theme around the router (antd's App, with its message and modal hooks, wraps the shell). */
export function App() {
  const locale = useLanguageStore((s) => s.antdLocale);
  // SPEC §9: orange by default; the colour and theme of the local UI settings apply as soon as they change.
  const colour = useAppearance((s) => s.colour);
  const dark = useAppearance((s) => s.theme === 'dark');
  const themeConfig = useMemo(() => ({ token: { colorPrimary: COLOURS[colour], borderRadius: 6 }, algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }), [colour, dark]);
  return (
    <ConfigProvider locale={locale} theme={themeConfig} button={BUTTON}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
