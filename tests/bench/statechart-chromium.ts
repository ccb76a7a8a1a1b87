import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { serveStatic } from './static-server.ts';
import { median } from './stats.ts';

/** The story id Storybook derives for a machine's generated story. */
export function machineStoryId(machineId: string): string {
  return `lifecycles-machines--${machineId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/**
 * Layout time of a machine's statechart in Chromium: the built Storybook is served locally and
 * the viewer reports its own layout time (canvas measurement, ELK in a web worker) in
 * `data-layout-ms`. Cold = the first layout after the page loads (worker start included); warm =
 * later layouts in the same page (switching to the simulation tab and back). Medians over rounds.
 */
export async function measureChromiumLayout(staticDir: string, machineId: string, rounds = 3): Promise<{ cold: number; warm: number }> {
  const { url, server } = await serveStatic(staticDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const cold: number[] = [];
    const warm: number[] = [];
    const layoutMs = async (scope: string) => Number(await (await page.waitForSelector(`${scope} [data-layout-ms]`, { timeout: 60_000 })).getAttribute('data-layout-ms'));
    for (let i = 0; i < rounds; i++) {
      await page.goto(`${url}/iframe.html?id=${machineStoryId(machineId)}&viewMode=story&args=lang:en-US`);
      cold.push(await layoutMs('body'));
      for (let j = 0; j < 2; j++) {
        await page.getByRole('tab', { name: 'Simulation' }).click();
        warm.push(await layoutMs('[data-testid=statechart-simulation]'));
        await page.getByRole('tab', { name: 'Diagram' }).click();
        await page.waitForSelector('[data-testid=statechart-simulation]', { state: 'detached' });
        warm.push(await layoutMs('body'));
      }
    }
    return { cold: median(cold), warm: median(warm) };
  } finally {
    await browser.close();
    server.close();
  }
}
