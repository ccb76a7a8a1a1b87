import { machines } from '../workflows/index.ts';
import { checkLinkedEntities } from './declaration/check-links.ts';
import { uncheckedBundle } from './declaration/meta.ts';
import { DECLARED_BUNDLES } from './generated/declarations.ts';
import { EntityRegistry } from './registry.ts';

/**
 * The static declarations' registry for the browser, whose client is built after `npm run gen`
 * checked every declaration against schemas/_meta/ (engine/static-entities.ts does that at import
 * for the server, the scripts and the tests). Skipping it here spares every page load compiling
 * the meta-schemas: about a third of a second of script on a cold page on the 2-core machine.
 * Its validators are compiled when a page first validates (the server compiled them all at start).
 */
export function createBuiltRegistry(): EntityRegistry {
  const bundles = DECLARED_BUNDLES.map(uncheckedBundle);
  const registry = new EntityRegistry(machines, { lazyValidators: true });
  for (const bundle of bundles) registry.register(bundle);
  checkLinkedEntities(bundles);
  return registry;
}
