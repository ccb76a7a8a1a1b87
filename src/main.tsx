import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import { startLanguage } from './i18n/language-store.ts';
import { onUnauthorized } from './api/client.ts';
import { useSession } from './auth/session-store.ts';
import { App } from './App.tsx';
import { installErrorReporting } from './errors/error-reporter.ts';

/** A 401 from any call ends the session; the route guard then asks for a login, coming back here after. */
onUnauthorized(() => useSession.getState().clear());
installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
