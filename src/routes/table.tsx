import type { ComponentType } from 'react';
import { MENU_ALIASES, STATISTICS_PAGE_PATHS } from '../../engine/static-routes.ts';
import { iframePath } from './menu-routes.ts';

/**
 * The portal's route table: one plain array, easy to append to. Each route names its page (loaded
 * on first visit), the i18n key of its label (page title), and whether it needs a session.
 * Routes with `auth: true` render inside the shell. Generated entity pages (each entity's
 * declared list/detail/form routes) are resolved from the registry by the `*` route; paths that
 * match nothing go to /404.
 */
export interface AppRoute {
  path: string;
  /** i18n key of the page's label (the document title: label plus product title). */
  label: string;
  /** The page sets the document title itself (generated entity pages use the entity's label). */
  titledByPage?: boolean;
  /** The page needs a session token. */
  auth: boolean;
  /** Only for visitors without a session: a logged-in user is sent to /. */
  guestOnly?: boolean;
  /**
   * The page shows the login texts only (scripts/text-parts.ts): it does not wait for the rest,
   * which every other page loads with its module.
   */
  loginTexts?: boolean;
  /**
   * The page module, loaded when the route is first visited. It may export `preload`: what the page
   * will first ask for, started by a cold open of its path alongside the modules (routes/prefetch.ts).
   */
  lazy?: () => Promise<{ default: ComponentType; preload?: (params: Readonly<Record<string, string | undefined>>) => void }>;
  /** The page stays mounted while its tab is open (SPEC §2: kept alive per route metadata). */
  keepAlive?: boolean;
  /** Or a redirect to another path. */
  redirect?: string;
  /**
   * The route exists only when the server's menu for the user has this path (the page of a
   * permission): without it the path opens /403. Titled by the menu name (SPEC §2).
   */
  menu?: string;
}

const accountPages = () => import('../pages/account/RegisterPages.tsx');
const results = () => import('../pages/public/result-pages.tsx');
const payOutcome = () => import('../pages/payments/PayOutcomePage.tsx');

export const routeTable: AppRoute[] = [
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
  { path: '/systemNotice/index', menu: '/systemNotice/index', label: 'route.systemNotice', auth: true, lazy: () => import('../pages/staff/SystemNoticePage.tsx') },
  { path: '/accountPer/index', menu: '/accountPer/index', label: 'route.accountReviews', auth: true, lazy: () => import('../pages/staff/AccountReviewPage.tsx') },
  { path: '/accountPost/index', menu: '/accountPost/index', label: 'route.accountPosts', auth: true, lazy: () => import('../pages/company/AccountPostsPage.tsx') },
  { path: '/dataEntry/inputResult', menu: '/dataEntry/inputResult', label: 'route.inputResult', auth: true, lazy: () => import('../pages/dataEntry/InputResultPage.tsx') },
  { path: '/training/performance', menu: '/training/performance', label: 'route.trainingPerformance', auth: true, lazy: () => import('../pages/training/PerformancePage.tsx') },
  { path: '/outbox/index', menu: '/outbox/index', label: 'route.outbox', auth: true, lazy: () => import('../pages/staff/OutboxPage.tsx') },
  { path: '/info/index', label: 'route.userInfo', auth: true, lazy: () => import('../pages/user/UserInfoPage.tsx') },
  { path: '/personality/settings', label: 'route.settings', auth: true, lazy: () => import('../pages/user/SettingsPage.tsx') },
  { path: '/myiframe/*', label: 'route.iframe', auth: true, lazy: () => import('../pages/public/IframePage.tsx') },
  // A menu link's portal path (schemas/_menu/menu.json `alias`, SPEC §2 /inspection) opens the link inside /myiframe.
  ...MENU_ALIASES.map((a): AppRoute => ({ path: a.alias, label: 'route.iframe', auth: true, redirect: iframePath(a.path) })),
  { path: '/', label: 'route.dashboard', auth: true, redirect: '/wel/index' },
  { path: '/wel', label: 'route.dashboard', auth: true, redirect: '/wel/index' },
  { path: '/wel/index', label: 'route.dashboard', auth: true, keepAlive: true, lazy: () => import('../pages/dashboard/DashboardPage.tsx') },
  { path: '*', label: 'app.title', auth: true, titledByPage: true, lazy: () => import('../pages/entity/EntityPage.tsx') },
  { path: '/workflows', menu: '/workflows', label: 'workflows.title', auth: true, keepAlive: true, lazy: () => import('../pages/workflows/WorkflowListPage.tsx') },
  { path: '/workflows/:machineId', menu: '/workflows', label: 'workflows.viewer', auth: true, lazy: () => import('../pages/workflows/WorkflowViewerPage.tsx') },
  { path: '/form/list', label: 'designer.route.list', auth: true, lazy: () => import('../pages/form/TemplateListPage.tsx') },
  { path: '/form/design', label: 'designer.route.design', auth: true, lazy: () => import('../pages/form/DesignerPage.tsx') },
  { path: '/form/detail', label: 'designer.route.detail', auth: true, titledByPage: true, lazy: () => import('../pages/form/FormDetailPage.tsx') },
  { path: '/template/template-setting', label: 'templateSetting.title', auth: true, lazy: () => import('../pages/template/TemplateSettingPage.tsx') },
  { path: '/customer/template/material', label: 'customerTemplate.route.material', auth: true, lazy: () => import('../pages/customer/CustomerTemplateListPage.tsx').then((m) => ({ default: m.MaterialTemplatesPage })) },
  { path: '/customer/template/product', label: 'customerTemplate.route.product', auth: true, lazy: () => import('../pages/customer/CustomerTemplateListPage.tsx').then((m) => ({ default: m.ProductTemplatesPage })) },
  { path: '/customer/newMaterial/list', label: 'customerTemplate.route.newMaterialList', auth: true, lazy: () => import('../pages/customer/KindRecordsPage.tsx').then((m) => ({ default: m.NewMaterialListPage })) },
  { path: '/customer/newMaterial/detail', label: 'customerTemplate.route.newMaterialDetail', auth: true, lazy: () => import('../pages/customer/KindRecordsPage.tsx').then((m) => ({ default: m.NewMaterialDetailPage })) },
  { path: '/customer/newProduct/list', label: 'customerTemplate.route.newProductList', auth: true, lazy: () => import('../pages/customer/KindRecordsPage.tsx').then((m) => ({ default: m.NewProductListPage })) },
  { path: '/customer/newProduct/detail', label: 'customerTemplate.route.newProductDetail', auth: true, lazy: () => import('../pages/customer/KindRecordsPage.tsx').then((m) => ({ default: m.NewProductDetailPage })) },
  { path: '/customer/material/list', label: 'customerTemplate.route.buyerMaterials', auth: true, lazy: () => import('../pages/customer/KindRecordsPage.tsx').then((m) => ({ default: m.BuyerMaterialListPage })) },
  { path: '/customer/template/templateDetail', label: 'customerTemplate.route.detail', auth: true, lazy: () => import('../pages/customer/TemplateDetailPage.tsx') },
  // The declared statistics pages (schemas/_statistics/statistics.json): one page module draws each; ECharts loads with it.
  // A BI report (schemas/powerbiReport/, its declared detail route): framed after the server logs the view.
  { path: '/powerbi/index', label: 'route.powerbi', auth: true, lazy: () => import('../pages/powerbi/PowerbiPage.tsx') },
  ...STATISTICS_PAGE_PATHS.map((path): AppRoute => ({ path, menu: path, label: 'route.statistics', auth: true, keepAlive: true, lazy: () => import('../pages/statistics/StatisticsPage.tsx') })),
];
