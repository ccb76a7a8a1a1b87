import { use, useSyncExternalStore } from 'react';
import { SHELL_ENTITIES } from '../../engine/generated/shell-entities.ts';
import { shellEntityOf, type ShellEntity } from '../../engine/shell-entity.ts';
import { fetchPublishedBundles, onPublishedBundles, type PublishedBundle } from './published-templates.ts';
import { settling } from '../../renderers/env/settled.ts';

/** The entities as the shell knows them: the static ones (generated) and the published templates. */
export interface ShellRegistry {
  has(name: string): boolean;
  /** Throws for an entity nobody declared or published (ask `has` first). */
  get(name: string): ShellEntity;
  list(): readonly ShellEntity[];
}

function shellRegistryOf(bundles: readonly PublishedBundle[]): ShellRegistry {
  const byName = new Map(SHELL_ENTITIES.map((e) => [e.name, e]));
  // Oldest first from the server: the newest version of a template is the one kept.
  for (const { bundle } of bundles) byName.set(bundle.entity.name, shellEntityOf(bundle));
  const all = [...byName.values()];
  return {
    has: (name) => byName.has(name),
    get(name) {
      const found = byName.get(name);
      if (!found) throw new Error(`No entity '${name}' is registered`);
      return found;
    },
    list: () => all,
  };
}

let current: ShellRegistry | undefined;
let pending: Promise<ShellRegistry> | undefined;
let revision = 0;
const listeners = new Set<() => void>();

// Any fetch of the published templates (this one, or the full registry's refresh) brings the shell up to date.
onPublishedBundles((bundles) => {
  current = shellRegistryOf(bundles);
  revision++;
  for (const l of listeners) l();
});

/**
 * The shell registry: what the menu, the dashboard and the header's lists need of every entity,
 * without the engine registry (ajv, xstate, every declaration), which loads with the pages that
 * validate, show a lifecycle or derive a form (src/registry/registry.ts). A failed request for
 * the templates leaves the static entities.
 */
export function loadShellRegistry(): Promise<ShellRegistry> {
  // Marked with its outcome: once it has arrived, `use` reads it without suspending.
  pending ??= settling(
    fetchPublishedBundles().then(
      () => current!,
      () => (current ??= shellRegistryOf([])),
    ),
  );
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The shell registry inside a Suspense boundary (renders again when templates are published). */
export function useShellRegistry(): ShellRegistry {
  useSyncExternalStore(subscribe, () => revision);
  const loaded = use(loadShellRegistry());
  return current ?? loaded;
}
