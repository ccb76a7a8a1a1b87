import { constants, publicEncrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';
import { median, type BenchFigure } from './stats.ts';
import type { Browser } from 'playwright-core';
import { withPortalBrowser } from './portal-browser.ts';

const ROUNDS = 5;

/** A page of 30 SVG texts and no script opened as the viewer is, in fresh contexts: what any cold open costs on this machine before the portal's own work. */
async function blankPageOpens(browser: Browser): Promise<number[]> {
  const html = `<!doctype html><svg>${Array.from({ length: 30 }, (_, i) => `<text y="${i * 10}">${i}</text>`).join('')}</svg>`;
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`data:text/html,${encodeURIComponent(html)}`);
    await page.waitForFunction(() => document.querySelectorAll('svg text').length > 20, undefined, { timeout: 30_000 });
    times.push(performance.now() - started);
    await context.close();
  }
  return times;
}

/**
 * Time to open the lifecycle viewer page with the largest machine (/workflows/trf) in Chromium,
 * from navigation to the laid-out chart on screen, in a fresh browser context each round (no
 * cached scripts): the page's scripts, the registry, and the layout the build shipped (ELK's
 * worker starts only when that layout is stale).
 */
export function benchViewerPage(): Promise<BenchFigure[]> {
  return withPortalBrowser(async ({ url, browser }) => {
    const key = (await (await fetch(`${url}/api/auth/public-key`)).json()) as { data: { spki: string } };
    const pem = `-----BEGIN PUBLIC KEY-----\n${key.data.spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
    const password = publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(DEMO_PASSWORD)).toString('base64');
    const times: number[] = [];
    const sources = new Set<string>();
    for (let i = 0; i < ROUNDS; i++) {
      const login = await fetch(`${url}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'staff', password }) });
      const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      // The HttpOnly session cookie, and the marker that tells the client a cookie session is there.
      await context.addCookies([
        { name: 'portico_token', value: token, url },
        { name: 'portico_session', value: 'bench', url },
      ]);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${url}/workflows/trf`);
      await page.waitForFunction(() => document.querySelectorAll('svg text').length > 20, undefined, { timeout: 30_000 });
      times.push(performance.now() - started);
      sources.add((await page.locator('[data-layout-source]').getAttribute('data-layout-source')) ?? '?');
      await context.close();
    }
    const floor = median(await blankPageOpens(browser));
    return [{ name: 'open the lifecycle viewer page with the largest machine (trf), Chromium, cold', value: median(times), unit: 'ms', goal: 800, note: `median of ${ROUNDS} fresh contexts; layout ${[...sources].join(', ')}; this machine's floor: a page of 30 SVG texts and no script opens cold in ${floor.toFixed(0)} ms` }];
  });
}
