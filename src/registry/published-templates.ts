import type { EntityRegistry } from '../../engine/registry.ts';
import type { TemplateBundle } from '../../engine/templates/types.ts';
import { request } from '../api/client.ts';

/** One published template version, as GET /api/template-bundles serves it. */
export interface PublishedBundle {
  code: string;
  version: number;
  bundle: TemplateBundle;
}

export const fetchPublishedBundles = () => request<PublishedBundle[]>('/api/template-bundles', { quiet: true });

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
