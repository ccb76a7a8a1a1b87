import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchFormSpeed } from './form-speed.ts';
import { benchList, benchValidation } from './list-and-validation.ts';
import { benchLoginBundle } from './login-bundle.ts';
import { benchViewerPage } from './viewer-page.ts';
import { benchExports } from './exports.ts';
import { benchInvoicePdf } from './invoice-pdf.ts';
import { benchMaterials } from './materials.ts';
import { benchStatistics } from './statistics.ts';
import { benchPortalBundle } from './portal-bundle.ts';
import { benchChatLatency } from './chat-latency.ts';
import { benchScaleOut } from './scale-out.ts';
import { benchHttpThroughput } from './http-throughput.ts';
import { benchHostileTemplates } from './hostile-templates.ts';
import { printFigures, type BenchFigure } from './stats.ts';

/**
 * `npm run bench`: the speed goals, measured and printed beside their goals (medians over
 * repeated rounds). Not a test: these machines are shared and noisy, so nothing fails on a figure.
 */
const figures: BenchFigure[] = [];
/** `npm run bench -- list` runs the list and validation figures only (any other argument: the part of that name). */
const only = process.argv.slice(2);
const part = (name: string) => !only.length || only.includes(name);
if (part('list')) {
  figures.push(...benchValidation());
  figures.push(...(await benchList()));
}
if (part('exports')) figures.push(...(await benchExports()));
if (part('pdf')) figures.push(...(await benchInvoicePdf()));
if (part('materials')) figures.push(...(await benchMaterials()));
if (part('statistics')) figures.push(...(await benchStatistics()));
if (part('login')) figures.push(...(await benchLoginBundle()));
if (part('portal')) figures.push(...(await benchPortalBundle()));
if (part('viewer')) figures.push(...(await benchViewerPage()));
if (part('form')) figures.push(...(await benchFormSpeed()));
if (part('chat')) figures.push(...(await benchChatLatency()));
if (part('scale')) figures.push(...(await benchScaleOut()));
if (part('http')) figures.push(...(await benchHttpThroughput()));
if (part('hostile')) figures.push(...(await benchHostileTemplates()));
const extra = join(import.meta.dirname, 'statechart-layout.ts');
if (part('statechart') && existsSync(extra)) {
  const mod = (await import(extra)) as { benchStatechartLayout?: () => Promise<BenchFigure[]> };
  if (mod.benchStatechartLayout) figures.push(...(await mod.benchStatechartLayout()));
}
console.log('');
printFigures(figures);
