import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../engine/declaration/types.ts';
import { STATIC_BUNDLES } from '../engine/static-entities.ts';
import { labelsForMachine, renderMachineSvg } from '../engine/graph/index.ts';
import { createNodeElk } from '../engine/graph/elk-node.ts';
import { machines } from '../workflows/index.ts';

/**
 * `npm run workflows:export [-- --lang=en-US] [-- --out=dir]`: one SVG per registered machine in
 * workflows-export/ (gitignored), laid out by the same code as the in-product viewer, with a
 * deterministic text-width estimate instead of a browser's measurements.
 */
function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const lang = (option('lang') ?? 'zh-CN') as Language;
if (!LANGUAGES.includes(lang)) throw new Error(`--lang must be one of ${LANGUAGES.join(', ')}`);
const out = option('out') ?? 'workflows-export';
mkdirSync(out, { recursive: true });

const elk = createNodeElk();
for (const [id, machine] of Object.entries(machines)) {
  const started = performance.now();
  const svg = await renderMachineSvg(machine, { elk, labels: labelsForMachine(STATIC_BUNDLES, id, machine, lang) });
  const file = join(out, `${id}.svg`);
  writeFileSync(file, svg);
  console.log(`${file}  ${(svg.length / 1024).toFixed(1)} KB  ${Math.round(performance.now() - started)} ms`);
}
