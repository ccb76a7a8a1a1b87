import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/session-store.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { useRegistry } from '../registry/registry.ts';
import { hasPermission } from '../../engine/permissions.ts';
import { entityMenuItems } from './entity-menu-items.ts';

const DASHBOARD = '/wel/index';
const WORKFLOWS = '/workflows';
const FORMS = '/form/list';

/** The dashboard, each entity's list page the user may open, the form templates, and the lifecycle review for those who may. */
export function MainMenu() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const registry = useRegistry();
  const permissions = useSession((s) => s.permissions);
  const entities = entityMenuItems(registry, permissions, lang);
  const owner = registry.list().find((reg) => Object.values(reg.entity.routes).includes(pathname));
  const selected = owner ? owner.entity.routes.list : pathname.startsWith(WORKFLOWS) ? WORKFLOWS : pathname.startsWith('/form/') ? FORMS : pathname;
  const workflows = hasPermission(permissions, 'workflow:view') ? [{ key: WORKFLOWS, label: t('workflows.title') }] : [];
  return (
    <Menu
      mode="horizontal"
      theme="dark"
      style={{ flex: 1, minWidth: 0, background: 'transparent' }}
      selectedKeys={[selected]}
      onClick={({ key }) => navigate(key)}
      items={[{ key: DASHBOARD, label: t('route.dashboard') }, ...entities.map((e) => ({ key: e.path, label: e.label })), { key: FORMS, label: t('designer.route.list') }, ...workflows]}
      data-testid="main-menu"
    />
  );
}
