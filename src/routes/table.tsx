import type { AppRoute } from './app-route.ts';
import { MENU_ALIASES, STATISTICS_PAGE_PATHS } from '../../engine/static-routes.ts';
import { iframePath } from './menu-routes.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { ADMIN_VIEW_NAMES } from '../api/admin-views.ts';
import { useLanguageStore } from '../i18n/language-store.ts';
import { loadShippedLayout } from '../../renderers/statechart/shipped-layouts.ts';

export type { AppRoute } from './app-route.ts';

/**
 * The portal's route table: one plain array, easy to append to. The pages without a session are
 * in public-routes.ts; the pages here need one and render inside the shell. The build takes this
 * file's own imports for the signed-in pages, to put what only they and the shell load in few
 * scripts (scripts/shell-chunk.ts), so a page without a session goes in public-routes.ts.
 */
export const routeTable: AppRoute[] = [
  ...PUBLIC_ROUTES,
  { path: '/systemNotice/index', menu: '/systemNotice/index', label: 'route.systemNotice', auth: true, lazy: () => import('../pages/staff/SystemNoticePage.tsx') },
  { path: '/accountPer/index', menu: '/accountPer/index', label: 'route.accountReviews', auth: true, lazy: () => import('../pages/staff/AccountReviewPage.tsx') },
  { path: '/accountPost/index', menu: '/accountPost/index', label: 'route.accountPosts', auth: true, lazy: () => import('../pages/company/AccountPostsPage.tsx') },
  { path: '/dataEntry/inputResult', menu: '/dataEntry/inputResult', label: 'route.inputResult', auth: true, lazy: () => import('../pages/dataEntry/InputResultPage.tsx') },
  { path: '/training/performance', menu: '/training/performance', label: 'route.trainingPerformance', auth: true, lazy: () => import('../pages/training/PerformancePage.tsx') },
  { path: '/outbox/index', menu: '/outbox/index', label: 'route.outbox', auth: true, lazy: () => import('../pages/staff/OutboxPage.tsx') },
  // The administration screens (server/admin/admin-views.ts): one page draws each declared view.
  ...ADMIN_VIEW_NAMES.map((view): AppRoute => ({ path: `/admin/${view}`, menu: `/admin/${view}`, label: `adminViews.${view}.title`, auth: true, lazy: () => import('../pages/admin/AdminViewPage.tsx') })),
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
  {
    path: '/workflows/:machineId', menu: '/workflows', label: 'workflows.viewer', auth: true, lazy: () => import('../pages/workflows/WorkflowViewerPage.tsx'),
    // The chart's positions (made at build time), fetched beside the page's modules.
    prefetch: ({ machineId }) => loadShippedLayout(machineId ?? '', useLanguageStore.getState().lang),
  },
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
