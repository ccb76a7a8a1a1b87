import { describe, expect, it } from 'vitest';
import { accessGrants, createStaticRegistry, STATIC_ACCESS, toPermissionMap, type Language } from '../../engine/index.ts';
import { menuFor, type MenuItem } from '../../server/portal/menu.ts';
import { usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';

const portalServer = usePortal();
const registry = createStaticRegistry();

/** The staff menu's names in a language, by path, and each entry's group name (from the declarations, as the server builds it). */
function staffMenu(lang: Language): { name: (path: string) => string; group: (path: string) => string | undefined } {
  const { permissions, buttons } = accessGrants(STATIC_ACCESS, registry.list(), ['internalStaff'], []);
  const names = new Map<string, { name: string; group?: string }>();
  const walk = (items: readonly MenuItem[], group?: string) => items.forEach((i) => (i.children?.length ? walk(i.children, i.name) : names.set(i.path, { name: i.name, group })));
  walk(menuFor(registry, toPermissionMap(permissions, buttons), lang));
  const entry = (path: string) => names.get(path) ?? expect.fail(`the staff menu has no ${path}`);
  return { name: (path) => entry(path).name, group: (path) => entry(path).group };
}

/** Soon after the address changes: the title follows at once, not after the next page has loaded, nor one navigation late. */
const AT_ONCE = { timeout: 5_000, interval: 50 };

/**
 * The page title (SPEC §2, issue 53 item 9): the menu name of the page on screen (not its entity's
 * name) plus the product title, set on every navigation and on every language switch, in both
 * languages. Staff walk through several menu pages, switch the language in the app, and walk on.
 */
describe('the page title follows every navigation and language switch', () => {
  it.each<[Language, Language]>([
    ['zh-CN', 'en-US'],
    ['en-US', 'zh-CN'],
  ])('staff walk through menu pages in %s, switch to %s and walk on', async (lang, other) => {
    const portal = await portalServer.signedIn('staff', lang, '/wel/index');
    const { page } = portal;
    await page.waitForURL(/\/wel\/index$/);
    const expectTitle = async (language: Language, path: string) => {
      const menu = staffMenu(language);
      await expect.poll(() => page.title(), AT_ONCE).toBe(`${menu.name(path)} - ${ui(language, 'app.title')}`);
    };
    const open = async (language: Language, path: string) => {
      const menu = staffMenu(language);
      const group = menu.group(path);
      if (group) await portal.openMenuEntry(group, menu.name(path));
      else await portal.openMenu(menu.name(path));
      await page.waitForURL((u) => u.pathname === path);
      await expectTitle(language, path);
    };

    await expectTitle(lang, '/wel/index');
    // A generated list (its menu name, not its entity's), pages of the administration and training
    // groups, a BI page, and back to a page opened before.
    for (const path of ['/trf/newList', '/customer/management', '/training/class', '/powerbi/list', '/trf/newList']) await open(lang, path);
    await portal.shot('title-before-switch');

    // The language switched in the app: the page on screen is titled in the other language at once.
    await page.getByTestId('language-switch').getByRole('button', { name: ui(other, `language.${other}`) }).click();
    await expectTitle(other, '/trf/newList');
    for (const path of ['/training/class', '/customer/management', '/wel/index']) await open(other, path);
    await portal.shot('title-after-switch');
  });
});
