import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
// The antd styles of the first views, made at build time (vite.config.ts `antdStyles`).
import 'virtual:antd-styles.css';
import { startLanguage } from './i18n/language-store.ts';
import { onUnauthorized } from './api/client.ts';
import { useSession } from './auth/session-store.ts';
import { App } from './App.tsx';
import { installErrorReporting } from './errors/error-reporter.ts';
import { startSignedInPage } from './routes/prefetch.ts';

/** A 401 from any call ends the session; the route guard then asks for a login, coming back here after. */
onUnauthorized(() => useSession.getState().clear());
installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The browser fetches in the order asked (a few at a time): the language first, since the first
// render waits for it; then what a signed-in page waits for (routes/prefetch.ts).
const language = startLanguage();
startSignedInPage(window.location.pathname);
void language.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
