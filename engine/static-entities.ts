import { checkLinkedEntities } from './declaration/check-links.ts';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../workflows/index.ts';
import type { EntityBundle } from './declaration/types.ts';
import { checkedAccess, checkedBundle, type DeclaredBundle } from './declaration/meta.ts';
import { DECLARED_ACCESS } from './declaration/roles.ts';
import { DECLARED_BUNDLES } from './generated/declarations.ts';
import { EntityRegistry } from './registry.ts';

/**
 * The declarations in schemas/, found by discovery (engine/generated/declarations.ts, written by
 * `npm run gen`) and checked against the meta-schemas at import, with the roles and posts: a
 * broken file stops the server, the build (`npm run gen`) and the tests at start with its file
 * and JSON path. The checks are marked pure so the client's build leaves them out where their
 * result is unused: the build ran them, and compiling the meta-schemas cost every page load a
 * third of a second (engine/built-registry.ts is the browser's registry).
 */
export const STATIC_BUNDLES: readonly EntityBundle[] = /* @__PURE__ */ DECLARED_BUNDLES.map(checkedBundle);
/* @__PURE__ */ checkedAccess(DECLARED_ACCESS);

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
 * A registry holding the static declarations (plus any extra bundles, e.g. test fixtures); the
 * browser's is engine/built-registry.ts.
 */
export function createStaticRegistry(extra: readonly EntityBundle[] = []): EntityRegistry {
  const registry = new EntityRegistry(machines);
  for (const bundle of [...STATIC_BUNDLES, ...extra]) registry.register(bundle);
  checkLinkedEntities([...STATIC_BUNDLES, ...extra]);
  return registry;
}
