import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import zhCN from '../../src/i18n/zh-CN.json';
import enUS from '../../src/i18n/en-US.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders a client component into the (happy-dom) document with the portal's texts in `lang`. */
export async function renderWithTexts(lang: 'zh-CN' | 'en-US', element: ReactNode): Promise<{ host: HTMLDivElement; unmount(): void }> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } }, lng: lang, interpolation: { escapeValue: false } });
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  });
  return { host, unmount: () => act(() => root.unmount()) };
}
