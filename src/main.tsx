import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './i18n/language-store.ts';
import { onUnauthorized } from './api/client.ts';
import { useSession } from './auth/session-store.ts';
import { loginPath } from './routes/guards.tsx';
import { navigateTo } from './routes/navigation.ts';
import { App } from './App.tsx';

/** A 401 from any call ends the session: forget it and ask for a login, coming back here after. */
onUnauthorized(() => {
  useSession.getState().clear();
  const { pathname, search } = window.location;
  if (pathname !== '/login') navigateTo(loginPath(pathname + search), { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
