import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchFormSpeed } from './form-speed.ts';
import { benchList, benchValidation } from './list-and-validation.ts';
import { benchLoginBundle } from './login-bundle.ts';
import { benchViewerPage } from './viewer-page.ts';
import { printFigures, type BenchFigure } from './stats.ts';

/**
 * `npm run bench`: the speed goals, measured and printed beside their goals (medians over
 * repeated rounds). Not a test: these machines are shared and noisy, so nothing fails on a figure.
 */
const figures: BenchFigure[] = [];
figures.push(...benchValidation());
figures.push(...(await benchList()));
figures.push(...(await benchLoginBundle()));
figures.push(...(await benchViewerPage()));
figures.push(...(await benchFormSpeed()));
const extra = join(import.meta.dirname, 'statechart-layout.ts');
if (existsSync(extra)) {
  const mod = (await import(extra)) as { benchStatechartLayout?: () => Promise<BenchFigure[]> };
  if (mod.benchStatechartLayout) figures.push(...(await mod.benchStatechartLayout()));
}
console.log('');
printFigures(figures);
