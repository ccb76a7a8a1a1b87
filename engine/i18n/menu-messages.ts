import type { Language } from '../declaration/types.ts';

/** Where a published template sits in the menu and for whom (server/templates/menu-placement.ts, docs/templates.md). */
export const MENU_MESSAGES = {
  MENU_PLACEMENT_SHAPE: {
    'zh-CN': '菜单位置（{field}）格式不正确：应为 {"group": 菜单分组或 null, "roles": [角色]}',
    'en-US': 'Menu placement ({field}) is not well formed: it should be {"group": a menu group or null, "roles": [roles]}',
  },
  MENU_PLACEMENT_GROUP: {
    'zh-CN': '菜单分组（{field}）：“{group}”不是菜单中的分组，可选：{groups}',
    'en-US': 'Menu group ({field}): "{group}" is not a group of the menu; choose one of: {groups}',
  },
  MENU_PLACEMENT_ROLE: {
    'zh-CN': '可见角色（{field}）：“{role}”不是已声明的角色，可选：{roles}',
    'en-US': 'Roles who see it ({field}): "{role}" is not a declared role; choose among: {roles}',
  },
} as const satisfies Record<string, Record<Language, string>>;
