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
  { label: { 'zh-CN': '系统公告', 'en-US': 'Maintenance notices' }, path: '/systemNotice/index', icon: 'notification', permission: 'notice:publish' },
  { label: { 'zh-CN': '邮件发件箱', 'en-US': 'Email outbox' }, path: '/outbox/index', icon: 'mail', permission: 'outbox:read' },
  { label: { 'zh-CN': '生命周期图', 'en-US': 'Lifecycles' }, path: '/workflows', icon: 'apartment', permission: 'workflow:view' },
];

/**
 * The user's menu: the dashboard, every entity list the user may open (from the registry), then
 * the administration pages the user's permissions allow. Labels in the request language.
 */
export function menuFor(registry: EntityRegistry, permissions: PermissionMap, lang: Language): MenuItem[] {
  const item = (e: MenuEntry): MenuItem => ({ name: text(e.label, lang), path: e.path, source: e.icon, children: [] });
  const entities = registry
    .list()
    .filter((r) => hasPermission(permissions, r.entity.permissions.list))
    .map((r) => item({ label: r.entity.label, path: r.entity.routes.list, icon: 'file-text' }));
  const admin = ADMIN_PAGES.filter((p) => !p.permission || hasPermission(permissions, p.permission)).map(item);
  const menu = [item({ label: { 'zh-CN': '首页', 'en-US': 'Dashboard' }, path: '/wel/index', icon: 'home' }), ...entities];
  if (admin.length) menu.push({ ...item({ label: { 'zh-CN': '系统管理', 'en-US': 'Administration' }, path: '/admin', icon: 'setting' }), children: admin });
  return menu;
}
