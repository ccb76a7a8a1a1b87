import { checkLinkedEntities } from './declaration/check-links.ts';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../workflows/index.ts';
import type { EntityBundle } from './declaration/types.ts';
import { checkedBundle, type DeclaredBundle } from './declaration/meta.ts';
import { DECLARED_BUNDLES } from './generated/declarations.ts';
import { EntityRegistry } from './registry.ts';

/**
 * The declarations in schemas/, found by discovery (engine/generated/declarations.ts, written by
 * `npm run gen`) and checked against the meta-schemas at import: a broken file stops the server,
 * the client and the tests at start with its file and JSON path.
 */
export const STATIC_BUNDLES: readonly EntityBundle[] = DECLARED_BUNDLES.map(checkedBundle);

/** A registry of declared bundles and machines (a discovered set of both, or the static ones). */
export function createRegistry(
  declared: readonly DeclaredBundle[],
  withMachines: Readonly<Record<string, AnyStateMachine>>,
  extra: readonly EntityBundle[] = [],
): EntityRegistry {
  const registry = new EntityRegistry(withMachines);
  for (const bundle of [...declared.map(checkedBundle), ...extra]) registry.register(bundle);
  return registry;
}

/**
 * A registry holding the static declarations (plus any extra bundles, e.g. test fixtures).
 * `lazyValidators`: see EntityRegistry (the browser's choice).
 */
export function createStaticRegistry(extra: readonly EntityBundle[] = [], options: { lazyValidators?: boolean } = {}): EntityRegistry {
  const registry = new EntityRegistry(machines, options);
  for (const bundle of [...STATIC_BUNDLES, ...extra]) registry.register(bundle);
  checkLinkedEntities([...STATIC_BUNDLES, ...extra]);
  return registry;
}
