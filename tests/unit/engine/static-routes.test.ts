import { describe, expect, it } from 'vitest';
import { STATIC_BUNDLES } from '../../../engine/static-entities.ts';
import { STATIC_ENTITY_ROUTES } from '../../../engine/static-routes.ts';

describe('static entity routes', () => {
  it('lists the page routes of every static entity, as the full declarations do', () => {
    expect(STATIC_ENTITY_ROUTES).toEqual(STATIC_BUNDLES.map((b) => b.entity.routes));
  });
});
