import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildClient, clientBuildNeeded } from '../../server/client-build.ts';
import { startServer } from '../../server/start-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

/**
 * The built client (built first when dist/ is older than its sources) served by a started server
 * on a fresh PGlite, and Debian's Chromium: what the page benches measure in. Both are closed after.
 */
export async function withPortalBrowser<T>(run: (portal: { url: string; browser: Browser }) => Promise<T>): Promise<T> {
  const root = resolve(import.meta.dirname, '../..');
  if (clientBuildNeeded(root)) await buildClient(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const server = await startServer({ port: 0, dataDir, clientDir: join(root, 'dist'), demoRecords: false });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return await run({ url: server.url, browser });
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Counts the gzipped size of every script the page downloads from now on, by URL. */
export function scriptCounter(page: Page): { bytes(only?: readonly string[]): Promise<number>; files(): string[] } {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && !sizes.has(res.url())) sizes.set(res.url(), res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  const sum = async (urls: readonly string[]) => (await Promise.all(urls.map((u) => sizes.get(u)!))).reduce((a, b) => a + b, 0);
  return { bytes: (only) => sum(only ?? [...sizes.keys()]), files: () => [...sizes.keys()] };
}

/** The gzipped size of the page's inline scripts (the first paint's head script, engine/first-paint.ts): JavaScript it downloads with the page. */
export async function inlineScriptBytes(page: Page): Promise<{ bytes: number; count: number }> {
  const sizes = (await page.locator('script:not([src])').allTextContents()).map((code) => gzipSync(code, { level: 9 }).length);
  return { bytes: sizes.reduce((a, b) => a + b, 0), count: sizes.length };
}
