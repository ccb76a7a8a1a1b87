import { ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { useLanguageStore } from './i18n/language-store.ts';
import { AppRoutes } from './routes/router.tsx';

/** SPEC §9: the default colour is orange. */
const THEME = { token: { colorPrimary: '#f60', borderRadius: 6 } };
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
