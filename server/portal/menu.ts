import { hasPermission, text, type EntityRegistry, type Language, type LocalizedText, type PermissionMap } from '../../engine/index.ts';

/** A menu item as the client builds routes from it (SPEC §3: name, path, source icon, children). */
export interface MenuItem {
  name: string;
  path: string;
  source: string;
  children: MenuItem[];
}

interface MenuEntry {
  label: LocalizedText;
  path: string;
  icon: string;
  permission?: string;
}

/** Pages that are not entity lists, shown to whoever holds their permission. */
const ADMIN_PAGES: readonly MenuEntry[] = [
  { label: { 'zh-CN': '账号审核', 'en-US': 'Account reviews' }, path: '/accountPer/index', icon: 'audit', permission: 'account:approve' },
  { label: { 'zh-CN': '账号岗位', 'en-US': 'Account posts' }, path: '/accountPost/index', icon: 'team', permission: 'account:posts' },
  { label: { 'zh-CN': '系统公告', 'en-US': 'Maintenance notices' }, path: '/systemNotice/index', icon: 'notification', permission: 'notice:publish' },
  { label: { 'zh-CN': '邮件发件箱', 'en-US': 'Email outbox' }, path: '/outbox/index', icon: 'mail', permission: 'outbox:read' },
  { label: { 'zh-CN': '生命周期状态机', 'en-US': 'Lifecycle machines' }, path: '/workflows', icon: 'apartment', permission: 'workflow:view' },
  { label: { 'zh-CN': '模板配置', 'en-US': 'Template setting' }, path: '/template/template-setting', icon: 'setting', permission: 'template:design' },
  { label: { 'zh-CN': '物料模板', 'en-US': 'Material templates' }, path: '/customer/template/material', icon: 'form', permission: 'template:design' },
  { label: { 'zh-CN': '产品模板', 'en-US': 'Product templates' }, path: '/customer/template/product', icon: 'form', permission: 'template:design' },
];

/** Pages every user holding the permission finds in the main menu, after the entity lists. */
const MAIN_PAGES: readonly MenuEntry[] = [
  { label: { 'zh-CN': '表单模板', 'en-US': 'Form templates' }, path: '/form/list', icon: 'form', permission: 'form:list' },
];

/**
 * External pages: the client opens them inside the portal at /myiframe/{routerPath} (SPEC §2).
 * Whether the page shows depends on the target allowing to be framed.
 */
const EXTERNAL_LINKS: readonly MenuEntry[] = [
  { label: { 'zh-CN': '服务中心', 'en-US': 'Service centre' }, path: 'https://www.sgs.com/en/contact-us', icon: 'global' },
];

/**
 * The user's menu: the dashboard, every entity list the user may open (from the registry), the
 * main pages, the external links, then the administration pages the user's permissions allow.
 * Labels in the request language.
 */
export function menuFor(registry: EntityRegistry, permissions: PermissionMap, lang: Language): MenuItem[] {
  const item = (e: MenuEntry): MenuItem => ({ name: text(e.label, lang), path: e.path, source: e.icon, children: [] });
  const entities = registry
    .list()
    .filter((r) => hasPermission(permissions, r.entity.permissions.list))
    .map((r) => item({ label: r.entity.label, path: r.entity.routes.list, icon: 'file-text' }));
  const allowed = (entries: readonly MenuEntry[]) => entries.filter((p) => !p.permission || hasPermission(permissions, p.permission)).map(item);
  const admin = allowed(ADMIN_PAGES);
  const menu = [item({ label: { 'zh-CN': '工作台', 'en-US': 'Dashboard' }, path: '/wel/index', icon: 'home' }), ...entities, ...allowed(MAIN_PAGES), ...allowed(EXTERNAL_LINKS)];
  if (admin.length) menu.push({ ...item({ label: { 'zh-CN': '系统管理', 'en-US': 'Administration' }, path: '/admin', icon: 'setting' }), children: admin });
  return menu;
}
