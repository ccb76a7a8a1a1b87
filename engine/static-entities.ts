import { machines } from '../workflows/index.ts';
import type { EntityBundle, EntityDeclaration, EntitySchema, EntityViews } from './declaration/types.ts';
import { EntityRegistry } from './registry.ts';
import trfEntity from '../schemas/trf/trf.entity.json' with { type: 'json' };
import trfSchema from '../schemas/trf/trf.schema.json' with { type: 'json' };
import trfViews from '../schemas/trf/trf.views.json' with { type: 'json' };

/** The declarations in schemas/: one bundle per entity. A new entity folder joins here. */
export const STATIC_BUNDLES: readonly EntityBundle[] = [
  { entity: trfEntity as EntityDeclaration, schema: trfSchema as EntitySchema, views: trfViews as EntityViews },
];

/** A registry holding the static declarations (plus any extra bundles, e.g. test fixtures). */
export function createStaticRegistry(extra: readonly EntityBundle[] = []): EntityRegistry {
  const registry = new EntityRegistry(machines);
  for (const bundle of [...STATIC_BUNDLES, ...extra]) registry.register(bundle);
  return registry;
}
