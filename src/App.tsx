import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { BrowserRouter } from 'react-router';
import type { Language } from '../engine/declaration/types.ts';
import { useLanguage } from './i18n/language-store.ts';
import { AppRoutes } from './routes/router.tsx';

const ANTD_LOCALES: Record<Language, Locale> = { 'zh-CN': zhCN, 'en-US': enUS };

/** SPEC §9: the default colour is orange. */
const THEME = { token: { colorPrimary: '#f60', borderRadius: 6 } };
/** Button labels exactly as the resources and declarations write them (no space put between two Chinese characters). */
const BUTTON = { autoInsertSpace: false };

/** The portal: antd in the user's language and theme around the router (antd's App, with its message and modal hooks, wraps the shell). */
export function App() {
  const lang = useLanguage();
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={THEME} button={BUTTON}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
