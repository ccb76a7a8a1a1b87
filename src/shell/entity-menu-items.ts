import type { EntityRegistry } from '../../engine/registry.ts';
import type { Language } from '../../engine/declaration/types.ts';
import { text } from '../../engine/i18n/labels.ts';
import { hasPermission, type PermissionMap } from '../../engine/permissions.ts';

export interface EntityMenuItem {
  key: string;
  path: string;
  label: string;
}

/** The list page of every registered entity the user may list, labelled by the entity's declaration. */
export function entityMenuItems(registry: EntityRegistry, permissions: PermissionMap, lang: Language): EntityMenuItem[] {
  return registry
    .list()
    .filter((reg) => hasPermission(permissions, reg.entity.permissions.list))
    .map((reg) => ({ key: reg.entity.routes.list, path: reg.entity.routes.list, label: text(reg.entity.label, lang, reg.name) }));
}
