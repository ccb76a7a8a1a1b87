import type { AppRoute } from './app-route.ts';

const accountPages = () => import('../pages/account/RegisterPages.tsx');
const results = () => import('../pages/public/result-pages.tsx');
const payOutcome = () => import('../pages/payments/PayOutcomePage.tsx');

/**
 * The pages without a session (login, registration, results, the lock screen): the only pages
 * that load before the shell. They are kept out of table.tsx, whose own imports the build takes
 * for the signed-in pages, to tell what only the shell and its pages load (scripts/shell-chunk.ts).
 */
export const PUBLIC_ROUTES: AppRoute[] = [
  { path: '/login', label: 'route.login', auth: false, guestOnly: true, loginTexts: true, lazy: () => import('../pages/login/LoginPage.tsx') },
  { path: '/404', label: 'route.notFound', auth: false, lazy: () => import('../pages/NotFoundPage.tsx') },
  { path: '/lock', label: 'route.lock', auth: false, lazy: () => import('../lock/LockPage.tsx') },
  { path: '/register', label: 'route.register', auth: false, lazy: () => accountPages().then((m) => ({ default: m.RegisterPage })) },
  { path: '/simpleRegister', label: 'route.simpleRegister', auth: false, lazy: () => accountPages().then((m) => ({ default: m.SimpleRegisterPage })) },
  { path: '/retrievePassword', label: 'route.retrievePassword', auth: false, lazy: () => accountPages().then((m) => ({ default: m.RetrievePasswordPage })) },
  { path: '/sso', label: 'route.sso', auth: false, loginTexts: true, lazy: () => import('../pages/login/SsoPage.tsx') },
  { path: '/403', label: 'route.forbidden', auth: false, lazy: () => results().then((m) => ({ default: m.ForbiddenPage })) },
  { path: '/500', label: 'route.serverError', auth: false, lazy: () => results().then((m) => ({ default: m.ServerErrorPage })) },
  { path: '/systemUpdate', label: 'route.systemUpdate', auth: false, lazy: () => results().then((m) => ({ default: m.SystemUpdatePage })) },
  { path: '/paySuccess', label: 'route.paySuccess', auth: false, lazy: () => payOutcome().then((m) => ({ default: m.PaySuccessPage })) },
  { path: '/payError', label: 'route.payError', auth: false, lazy: () => payOutcome().then((m) => ({ default: m.PayErrorPage })) },
  { path: '/register/success', label: 'route.registerSuccess', auth: false, lazy: () => results().then((m) => ({ default: m.RegisterSuccessPage })) },
  { path: '/simpleRegister/success', label: 'route.simpleRegisterSuccess', auth: false, lazy: () => results().then((m) => ({ default: m.SimpleRegisterSuccessPage })) },
  { path: '/simpleRegister/successInfo', label: 'route.successInfo', auth: false, lazy: () => results().then((m) => ({ default: m.SuccessInfoPage })) },
];
