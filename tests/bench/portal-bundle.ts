import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildClient, clientBuildNeeded } from '../../server/client-build.ts';
import { startServer } from '../../server/start-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import type { BenchFigure } from './stats.ts';

/** Counts the gzipped size of every script the page downloads from now on, by URL. */
function scriptCounter(page: Page): { bytes(only?: readonly string[]): Promise<number>; files(): string[] } {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && !sizes.has(res.url())) sizes.set(res.url(), res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  const sum = async (urls: readonly string[]) => (await Promise.all(urls.map((u) => sizes.get(u)!))).reduce((a, b) => a + b, 0);
  return { bytes: (only) => sum(only ?? [...sizes.keys()]), files: () => [...sizes.keys()] };
}

/**
 * The portal's JavaScript after login (issue 18): everything Chromium downloads from /login to the
 * dashboard shown (gzipped), which must not grow with the charts; and, separately, what the first
 * statistics page adds (ECharts comes with it, on demand).
 */
export async function benchPortalBundle(): Promise<BenchFigure[]> {
  const root = resolve(import.meta.dirname, '../..');
  if (clientBuildNeeded(root)) await buildClient(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const server = await startServer({ port: 0, dataDir, clientDir: join(root, 'dist'), demoRecords: false });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const initial = scriptCounter(page);
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-account').fill('buyer');
    await page.locator('#login-password').fill('Portico#2024');
    await page.locator('.ant-checkbox-input').first().check();
    await page.locator('button[type=submit]').click();
    await page.getByTestId('dashboard').waitFor();
    await page.waitForLoadState('networkidle');
    const afterLogin = await initial.bytes();
    const before = new Set(initial.files());
    // In the app, as a user goes there (a full page load would download the shell again).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/statistics/executiveSummary');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForLoadState('networkidle');
    await page.getByTestId('statistics').waitFor();
    const statisticsFiles = initial.files().filter((f) => !before.has(f));
    const added = await initial.bytes(statisticsFiles);
    return [
      { name: `gzipped JavaScript from /login to the dashboard shown (${before.size} files)`, value: afterLogin / 1024, unit: 'KB', goal: 450 },
      { name: `gzipped JavaScript the first statistics page adds on demand (${statisticsFiles.length} files, ECharts among them)`, value: added / 1024, unit: 'KB', goal: 450, note: 'loaded with the page only' },
    ];
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
