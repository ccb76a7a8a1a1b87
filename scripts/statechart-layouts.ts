import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../engine/declaration/types.ts';
import { STATIC_BUNDLES } from '../engine/static-entities.ts';
import { describeMachine, labelsForMachine, layoutKey, measureForShipping, shipLayout, type ShippedLayout } from '../engine/graph/index.ts';
import { createNodeElk } from '../engine/graph/elk-node.ts';
import { machines } from '../workflows/index.ts';

/**
 * The layouts the lifecycle viewer ships (engine/graph/shipped-layout.ts): one JSON module per
 * registered machine and language in LAYOUT_DIR, laid out by the same code and ELK as the viewer
 * and the SVG export. `npm run gen` writes them (a machine is laid out again only when its key
 * changed); they are committed, and a unit test fails when one is stale.
 */
export const LAYOUT_DIR = 'engine/generated/statechart-layouts';

export const layoutPath = (machineId: string, lang: string) => `${LAYOUT_DIR}/${machineId}.${lang}.json`;

/** Every layout to ship, by path, with its key (what the viewer will compute for it). */
export function expectedLayouts(): Map<string, { key: string; make: () => Promise<ShippedLayout> }> {
  const elk = createNodeElk();
  const out = new Map<string, { key: string; make: () => Promise<ShippedLayout> }>();
  for (const [id, machine] of Object.entries(machines)) {
    const graph = describeMachine(machine);
    for (const lang of LANGUAGES) {
      const labels = labelsForMachine(STATIC_BUNDLES, id, machine, lang);
      const path = layoutPath(graph.machineId, lang);
      if (out.has(path)) throw new Error(`Two machines have the id '${graph.machineId}'`);
      out.set(path, { key: layoutKey(measureForShipping(graph, labels)), make: () => shipLayout(graph, labels, elk) });
    }
  }
  return out;
}

/** The key a committed layout file holds (undefined when there is none, or it is unreadable). */
export function shippedKey(root: string, path: string): string | undefined {
  const file = join(root, path);
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as ShippedLayout).key;
  } catch {
    return undefined;
  }
}

/** The layout files to write: only those whose key changed are laid out again. */
export async function generateStatechartLayouts(root: string): Promise<{ files: Map<string, string>; unchanged: Set<string> }> {
  const files = new Map<string, string>();
  const unchanged = new Set<string>();
  for (const [path, { key, make }] of expectedLayouts()) {
    if (shippedKey(root, path) === key) unchanged.add(path);
    else files.set(path, `${JSON.stringify(await make())}\n`);
  }
  return { files, unchanged };
}
