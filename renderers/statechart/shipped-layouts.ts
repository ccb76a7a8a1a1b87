import type { Language } from '../../engine/declaration/types.ts';
import type { ShippedLayout } from '../../engine/graph/index.ts';

/**
 * The layouts made at build time (`npm run gen`), one code-split JSON module per machine and
 * language: the viewer fetches its machine's only.
 */
const LAYOUTS = import.meta.glob<ShippedLayout>('../../engine/generated/statechart-layouts/*.json', { import: 'default' });

/** The shipped layout of a machine in a language; undefined when none was made or it cannot be had. */
export async function loadShippedLayout(machineId: string, lang: Language): Promise<ShippedLayout | undefined> {
  const load = LAYOUTS[`../../engine/generated/statechart-layouts/${machineId}.${lang}.json`];
  if (!load) return undefined;
  try {
    return await load();
  } catch {
    return undefined;
  }
}
