import { describe, expect, it } from 'vitest';
import { createStaticRegistry, productMenu, productStatistics } from '../../../engine/index.ts';
import { STATIC_BUNDLES } from '../../../engine/static-entities.ts';
import { MENU_ALIASES, STATIC_ENTITY_ROUTES, STATISTICS_PAGE_PATHS } from '../../../engine/static-routes.ts';

describe('static entity routes', () => {
  it('lists the page routes of every static entity, as the full declarations do', () => {
    expect(STATIC_ENTITY_ROUTES).toEqual(STATIC_BUNDLES.map((b) => b.entity.routes));
  });

  it('copies the menu aliases and the statistics paths as the checked declarations have them', () => {
    expect(MENU_ALIASES).toEqual(productMenu().pages.flatMap((p) => (p.alias ? [{ alias: p.alias, path: p.path }] : [])));
    expect(STATISTICS_PAGE_PATHS).toEqual(productStatistics(createStaticRegistry()).pages.map((p) => p.path));
  });
});
