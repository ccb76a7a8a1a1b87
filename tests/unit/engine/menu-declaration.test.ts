import { describe, expect, it } from 'vitest';
import { accessGrants, checkedMenu, createRegistry, createStaticRegistry, DeclarationError, productMenu, STATIC_ACCESS, toPermissionMap, type DeclaredBundle } from '../../../engine/index.ts';
import { DECLARED_BUNDLES } from '../../../engine/generated/declarations.ts';
import { machines } from '../../../workflows/index.ts';
import { menuFor } from '../../../server/portal/menu.ts';

const registry = createStaticRegistry();
const MENU = productMenu();
const menuOf = (roles: readonly string[], lang: 'zh-CN' | 'en-US' = 'en-US') => {
  const { permissions, buttons } = accessGrants(STATIC_ACCESS, registry.list(), roles, []);
  return menuFor(registry, toPermissionMap(permissions, buttons), lang);
};
const failure = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(DeclarationError);
    return (err as Error).message;
  }
  throw new Error('the broken declaration was accepted');
};

/** The main menu is declared (schemas/_menu/menu.json plus each entity's `menu`), never listed in code. */
describe('the declared menu', () => {
  it('gives staff the home entry, the entity lists, the declared pages and the administration group, in their order', () => {
    const menu = menuOf(['internalStaff']);
    expect(menu[0]).toMatchObject({ name: 'Dashboard', path: MENU.home.path });
    expect(menu.map((m) => m.path)).toContain('/trf/newList');
    const admin = menu.find((m) => m.path === '/admin');
    expect(admin?.name).toBe('Administration');
    // The declared pages, and the entity placed among them by its own order (accountAuthorization, 17).
    const pages = MENU.pages.filter((p) => p.group === 'admin').sort((a, b) => a.order - b.order).map((p) => p.path);
    expect(admin?.children.map((c) => c.path)).toEqual([...pages.slice(0, 2), '/accountPer/authority', ...pages.slice(2)]);
    expect(menu.at(-1)).toBe(admin);
  });

  it('leaves a group out when the user may open none of its entries, and names everything in the language', () => {
    const menu = menuOf(['buyer'], 'zh-CN');
    expect(menu.map((m) => m.path)).not.toContain('/admin');
    expect(menu[0]?.name).toBe(MENU.home.label['zh-CN']);
    expect(menu.find((m) => m.path === '/trf/newList')?.name).toBe('测试申请单');
  });

  it('places an entity in the group and at the order its declaration names', () => {
    const trf = DECLARED_BUNDLES.find((b) => b.files.entity === 'schemas/trf/trf.entity.json')!;
    const placed: DeclaredBundle = { ...trf, entity: { ...(trf.entity as object), menu: { group: 'admin', order: 1 } } };
    const custom = createRegistry([placed], machines);
    const { permissions, buttons } = accessGrants(STATIC_ACCESS, custom.list(), ['internalStaff'], []);
    const menu = menuFor(custom, toPermissionMap(permissions, buttons), 'en-US');
    expect(menu.map((m) => m.path)).not.toContain('/trf/newList');
    expect(menu.find((m) => m.path === '/admin')?.children.map((c) => c.path)[0]).toBe('/trf/newList');
  });

  it('refuses an entity placed in an undeclared group, naming file and path', () => {
    const trf = DECLARED_BUNDLES.find((b) => b.files.entity === 'schemas/trf/trf.entity.json')!;
    const placed: DeclaredBundle = { ...trf, entity: { ...(trf.entity as object), menu: { group: 'attic' } } };
    expect(failure(() => createRegistry([placed], machines))).toContain("schemas/trf/trf.entity.json at /menu/group: 'attic' is not a group of schemas/_menu/menu.json");
  });

  it('refuses a page in an undeclared group and a misspelt key, naming file and path', () => {
    const page = { label: { 'zh-CN': '页', 'en-US': 'Page' }, path: '/x', icon: 'form', order: 1 };
    expect(failure(() => checkedMenu({ ...MENU, pages: [{ ...page, group: 'attic' }] }))).toContain("schemas/_menu/menu.json at /pages/0/group: 'attic' is not a group");
    expect(failure(() => checkedMenu({ ...MENU, pages: [{ ...page, permision: 'a:b' }] }))).toContain("schemas/_menu/menu.json at /pages/0/permision: unknown key 'permision'");
  });
});
