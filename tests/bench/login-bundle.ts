import type { BenchFigure } from './stats.ts';
import { scriptCounter, withPortalBrowser } from './portal-browser.ts';

/** The gzipped JavaScript Chromium actually downloads to show /login (every script response, gzipped). */
export function benchLoginBundle(): Promise<BenchFigure[]> {
  return withPortalBrowser(async ({ url, browser }) => {
    const page = await browser.newPage();
    const scripts = scriptCounter(page);
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    const bytes = await scripts.bytes();
    return [{ name: `gzipped JavaScript to show /login (${scripts.files().length} files)`, value: bytes / 1024, unit: 'KB', goal: 200 }];
  });
}
