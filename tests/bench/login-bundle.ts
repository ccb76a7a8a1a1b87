import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { buildClient, clientBuildNeeded } from '../../server/client-build.ts';
import { startServer } from '../../server/start-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import type { BenchFigure } from './stats.ts';

/** The gzipped JavaScript Chromium actually downloads to show /login (every script response, gzipped). */
export async function benchLoginBundle(): Promise<BenchFigure[]> {
  const root = resolve(import.meta.dirname, '../..');
  if (clientBuildNeeded(root)) await buildClient(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const server = await startServer({ port: 0, dataDir, clientDir: join(root, 'dist'), demoRecords: false });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    return [{ name: `gzipped JavaScript to show /login (${scripts.length} files)`, value: bytes / 1024, unit: 'KB', goal: 200 }];
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
