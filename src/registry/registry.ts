import { use } from 'react';
import type { EntityRegistry } from '../../engine/registry.ts';

let pending: Promise<EntityRegistry> | undefined;

/**
 * The engine registry of the static declarations, loaded on first use: it brings the schemas,
 * the machines and ajv, which the login page does not need.
 */
export function loadRegistry(): Promise<EntityRegistry> {
  pending ??= import('../../engine/static-entities.ts').then((m) => m.createStaticRegistry());
  return pending;
}

/** The registry inside a Suspense boundary (suspends until it has loaded). */
export function useRegistry(): EntityRegistry {
  return use(loadRegistry());
}
