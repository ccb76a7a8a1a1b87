import type { BenchFigure } from './stats.ts';
import { inlineScriptBytes, scriptCounter, withPortalBrowser } from './portal-browser.ts';

/** The gzipped JavaScript Chromium actually downloads to show /login (every script response, gzipped). */
export function benchLoginBundle(): Promise<BenchFigure[]> {
  return withPortalBrowser(async ({ url, browser }) => {
    const page = await browser.newPage();
    const scripts = scriptCounter(page);
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    const inline = await inlineScriptBytes(page);
    const bytes = (await scripts.bytes()) + inline.bytes;
    return [{ name: `gzipped JavaScript to show /login (${scripts.files().length} files, ${inline.count} inline)`, value: bytes / 1024, unit: 'KB', goal: 200 }];
  });
}
