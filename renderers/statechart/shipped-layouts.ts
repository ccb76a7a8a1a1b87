import type { Language } from '../../engine/declaration/types.ts';
import type { ShippedLayout } from '../../engine/graph/index.ts';
import { loadedNow, loadOnce } from '../env/settled.ts';

/**
 * The layouts made at build time (`npm run gen`), one code-split JSON module per machine and
 * language: the viewer fetches its machine's only. This map of loaders is in the page's first
 * script (the route table's prefetch starts a cold open's layout with the page's modules), so
 * its keys are short (`base`).
 */
const LAYOUTS = import.meta.glob<ShippedLayout>('./*.json', { import: 'default', base: '../../engine/generated/statechart-layouts/' });

function loaderOf(machineId: string, lang: Language) {
  const key = `./${machineId}.${lang}.json`;
  return Object.hasOwn(LAYOUTS, key) ? LAYOUTS[key] : undefined;
}

/** The shipped layout of a machine in a language; undefined when none was made or it cannot be had (asked again next time). */
export async function loadShippedLayout(machineId: string, lang: Language): Promise<ShippedLayout | undefined> {
  const load = loaderOf(machineId, lang);
  if (!load) return undefined;
  try {
    return await loadOnce(load);
  } catch {
    return undefined;
  }
}

/** The shipped layout when it has arrived already (a cold open prefetches it with the page); else undefined. */
export function shippedLayoutNow(machineId: string, lang: Language): ShippedLayout | undefined {
  const load = loaderOf(machineId, lang);
  return load && loadedNow(load);
}
