import { ConfigProvider, theme } from 'antd';
import { BrowserRouter } from 'react-router';
import { useLanguageStore } from './i18n/language-store.ts';
import { AppRoutes } from './routes/router.tsx';
import { readColour, readTheme } from './settings/ui-settings.ts';

/** SPEC §9: the default colour is orange; the stored colour and theme (local UI settings) apply when set. */
const THEME = { token: { colorPrimary: readColour(), borderRadius: 6 }, algorithm: readTheme() === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm };
/** Button labels exactly as the resources and declarations write them (no space put between two Chinese characters). */
const BUTTON = { autoInsertSpace: false };

/** The portal: antd in the user's language and theme around the router (antd's App, with its message and modal hooks, wraps the shell). */
export function App() {
  const locale = useLanguageStore((s) => s.antdLocale);
  return (
    <ConfigProvider locale={locale} theme={THEME} button={BUTTON}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
