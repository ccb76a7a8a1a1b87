import type { EntityRegistry } from '../../engine/registry.ts';
import type { TemplateBundle } from '../../engine/templates/types.ts';
import { request } from '../api/client.ts';

/** One published template version, as GET /api/template-bundles serves it. */
export interface PublishedBundle {
  code: string;
  version: number;
  bundle: TemplateBundle;
}

const bundleListeners = new Set<(bundles: readonly PublishedBundle[]) => void>();

/** Calls `listener` with every list of published templates fetched from now on (the shell registry follows the registry's refreshes). */
export function onPublishedBundles(listener: (bundles: readonly PublishedBundle[]) => void): void {
  bundleListeners.add(listener);
}

let early: Promise<PublishedBundle[]> | undefined;

/** Asks for the list as a cold signed-in open starts (the shell's menu waits for it): the next fetch takes this answer. */
export function prefetchPublishedBundles(): void {
  early ??= request<PublishedBundle[]>('/api/template-bundles', { quiet: true });
  early.catch(() => undefined);
}

/** The newest published version of each template the user may read. */
export async function fetchPublishedBundles(): Promise<PublishedBundle[]> {
  const asked = early ?? request<PublishedBundle[]>('/api/template-bundles', { quiet: true });
  early = undefined;
  const bundles = await asked;
  for (const listener of bundleListeners) listener(bundles);
  return bundles;
}
const fetchPublishedBundle = (code: string, version: number) =>
  request<PublishedBundle>(`/api/template-bundles/${encodeURIComponent(code)}/${version}`, { quiet: true });

/**
 * Registers an older published version a record was made with, fetched when first needed (the
 * start-up list holds the newest versions only). False when it cannot be had.
 */
export async function addPublishedVersion(registry: EntityRegistry, code: string, version: number): Promise<boolean> {
  if (hasVersion(registry, code, version)) return true;
  try {
    const { bundle } = await fetchPublishedBundle(code, version);
    if (!hasVersion(registry, code, version)) registry.registerVersion(bundle, version);
    return true;
  } catch {
    return false;
  }
}

/** Whether the registry holds this version of a template already. */
export function hasVersion(registry: EntityRegistry, code: string, version: number): boolean {
  return registry.isDynamic(code) && registry.has(code) && Boolean(registry.get(code).versions?.has(version));
}

/**
 * Registers the published versions the registry lacks (the server sends them oldest first, so
 * the newest becomes current) and answers how many were added. A version this browser cannot
 * compile is left out — its pages stay unknown — and a failed request adds nothing: the static
 * pages work without templates.
 */
export async function addPublishedTemplates(registry: EntityRegistry): Promise<number> {
  let bundles: PublishedBundle[];
  try {
    bundles = await fetchPublishedBundles();
  } catch {
    return 0;
  }
  let added = 0;
  for (const { code, version, bundle } of bundles) {
    if (hasVersion(registry, code, version)) continue;
    try {
      registry.registerVersion(bundle, version);
      added++;
    } catch {
      // left out: the server serves this version, the browser could not compile it
    }
  }
  return added;
}
