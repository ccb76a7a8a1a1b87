import { use, useSyncExternalStore } from 'react';
import type { EntityRegistry } from '../../engine/registry.ts';
import { addPublishedTemplates, addPublishedVersion } from './published-templates.ts';

let pending: Promise<EntityRegistry> | undefined;
let refreshing: Promise<EntityRegistry> | undefined;
let revision = 0;
const listeners = new Set<() => void>();

/**
 * The static declarations, loaded on first use: they bring the schemas, the machines and ajv,
 * which the login page does not need (engine/built-registry.ts: checked by the build, not again here).
 */
const staticRegistry = () => import('../../engine/built-registry.ts').then((m) => m.createBuiltRegistry());

/**
 * The engine registry: the static declarations plus every published template version the user
 * may read (docs/templates.md), so the generated pages serve templates too and a record is
 * shown with the version it was made with.
 */
export function loadRegistry(): Promise<EntityRegistry> {
  pending ??= staticRegistry().then(async (registry) => {
    await addPublishedTemplates(registry);
    return registry;
  });
  return pending;
}

/**
 * Fetches the published template versions again and registers the new ones (a template
 * published while the app is open); pages using the registry render again when any was added.
 * Calls made while one runs share it.
 */
export function refreshTemplates(): Promise<EntityRegistry> {
  refreshing ??= loadRegistry()
    .then(async (registry) => {
      if ((await addPublishedTemplates(registry)) > 0) {
        revision++;
        for (const l of listeners) l();
      }
      return registry;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** Makes sure the registry holds a record's template version (an older one is fetched on demand). */
export async function ensureTemplateVersion(code: string, version: number | undefined): Promise<EntityRegistry> {
  const registry = await loadRegistry();
  if (version === undefined || !registry.isDynamic(code)) return registry;
  if (!registry.has(code)) await refreshTemplates();
  await addPublishedVersion(registry, code, version);
  return registry;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The registry inside a Suspense boundary (suspends until it has loaded; renders again when templates are added). */
export function useRegistry(): EntityRegistry {
  useSyncExternalStore(subscribe, () => revision);
  return use(loadRegistry());
}
