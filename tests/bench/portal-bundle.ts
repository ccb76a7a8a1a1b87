import type { BenchFigure } from './stats.ts';
import { inlineScriptBytes, scriptCounter, withPortalBrowser } from './portal-browser.ts';

/**
 * The portal's JavaScript after login (issue 18): everything Chromium downloads from /login to the
 * dashboard shown (gzipped), which must not grow with the charts; and, separately, what the first
 * statistics page adds (ECharts comes with it, on demand).
 */
export function benchPortalBundle(): Promise<BenchFigure[]> {
  return withPortalBrowser(async ({ url, browser }) => {
    const page = await browser.newPage();
    const initial = scriptCounter(page);
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    const inline = await inlineScriptBytes(page);
    await page.locator('#login-account').fill('buyer');
    await page.locator('#login-password').fill('Portico#2024');
    await page.locator('.ant-checkbox-input').first().check();
    await page.locator('button[type=submit]').click();
    await page.getByTestId('dashboard').waitFor();
    await page.waitForLoadState('networkidle');
    const afterLogin = (await initial.bytes()) + inline.bytes;
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
      { name: `gzipped JavaScript from /login to the dashboard shown (${before.size} files, ${inline.count} inline)`, value: afterLogin / 1024, unit: 'KB', goal: 450 },
      { name: `gzipped JavaScript the first statistics page adds on demand (${statisticsFiles.length} files, ECharts among them)`, value: added / 1024, unit: 'KB', goal: 450, note: 'loaded with the page only' },
    ];
  });
}
