import { describe, expect, it } from 'vitest';
import { iframePath, menuKeyOf, menuNameOf, menuPaths, resolveMenu } from '../../../src/routes/menu-routes.ts';

/** The server's menu as the client turns it into menu items, routes and titles (SPEC §2). */
const SERVER_MENU = [
  { name: 'Dashboard', path: '/wel/index', source: 'home', children: [] },
  { name: 'Test request form', path: '/trf/newList', source: 'file-text', children: [] },
  { name: 'Not built here', path: '/powerbi/index', source: 'bar-chart', children: [] },
  { name: 'Service centre', path: 'https://example.com/help?a=1', source: 'global', children: [] },
  {
    name: 'Administration',
    path: '/admin',
    source: 'setting',
    children: [
      { name: 'Account reviews', path: '/accountPer/index', source: 'audit', children: [] },
      { name: 'Unknown page', path: '/extend/specificextend-setting', source: 'x', children: [] },
    ],
  },
  { name: 'Empty group', path: '/nothing', source: 'x', children: [{ name: 'Gone', path: '/gone', source: 'x', children: [] }] },
];
const KNOWN = new Set(['/wel/index', '/trf/newList', '/accountPer/index']);

describe('menu from the server', () => {
  const menu = resolveMenu(SERVER_MENU, (p) => KNOWN.has(p));

  it('keeps the items the client has a page for, turns external links into /myiframe/… and drops the rest', () => {
    expect(menu.items.map((i) => i.key)).toEqual(['/wel/index', '/trf/newList', iframePath('https://example.com/help?a=1'), '/admin']);
    expect(menu.items[3]!.children.map((i) => i.key)).toEqual(['/accountPer/index']);
    expect(iframePath('https://example.com/help?a=1')).toBe('/myiframe/https%3A%2F%2Fexample.com%2Fhelp%3Fa%3D1');
    expect([...menu.granted]).toEqual(['/wel/index', '/trf/newList', '/accountPer/index']);
    expect([...menu.externals]).toEqual(['https://example.com/help?a=1']);
  });

  it('names pages by their menu item; a sub-page belongs to its item', () => {
    expect(menu.titles.get('/accountPer/index')).toBe('Account reviews');
    expect(menuNameOf(SERVER_MENU, iframePath('https://example.com/help?a=1'))).toBe('Service centre');
    expect(menuNameOf(SERVER_MENU, '/workflows')).toBeUndefined();
    expect(menuKeyOf(menu, '/accountPer/index/more')).toBe('/accountPer/index');
    expect(menuKeyOf(menu, '/elsewhere')).toBeUndefined();
    expect(menuPaths(SERVER_MENU).has('/extend/specificextend-setting')).toBe(true);
  });
});
