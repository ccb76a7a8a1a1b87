import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { buildClient, clientBuildNeeded } from '../../server/client-build.ts';
import { startServer } from '../../server/start-server.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { median, type BenchFigure } from './stats.ts';

const ROUNDS = 5;

/**
 * Time to open the lifecycle viewer page with the largest machine (/workflows/trf) in Chromium,
 * from navigation to the laid-out chart on screen, in a fresh browser context each round (no
 * cached scripts): the page's scripts, the ELK worker's start and the layout.
 */
export async function benchViewerPage(): Promise<BenchFigure[]> {
  const root = resolve(import.meta.dirname, '../..');
  if (clientBuildNeeded(root)) await buildClient(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-viewer-'));
  const server = await startServer({ port: 0, dataDir, clientDir: join(root, 'dist'), demoRecords: false });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const key = (await (await fetch(`${server.url}/api/auth/public-key`)).json()) as { data: { spki: string } };
    const pem = `-----BEGIN PUBLIC KEY-----\n${key.data.spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
    const password = publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(DEMO_PASSWORD)).toString('base64');
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const login = await fetch(`${server.url}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'staff', password }) });
      const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      // The HttpOnly session cookie, and the marker that tells the client a cookie session is there.
      await context.addCookies([
        { name: 'portico_token', value: token, url: server.url },
        { name: 'portico_session', value: 'bench', url: server.url },
      ]);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${server.url}/workflows/trf`);
      await page.waitForFunction(() => document.querySelectorAll('svg text').length > 20, undefined, { timeout: 30_000 });
      times.push(performance.now() - started);
      await context.close();
    }
    return [{ name: 'open the lifecycle viewer page with the largest machine (trf), Chromium, cold', value: median(times), unit: 'ms', goal: 800, note: `median of ${ROUNDS} fresh contexts: scripts, ELK worker start, layout` }];
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
