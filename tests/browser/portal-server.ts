import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import type { EntityRegistry, Language } from '../../engine/index.ts';
import { startServer, type RunningServer } from '../../server/start-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { pgliteTemplates } from '../support/pglite-template.ts';
import { builtClient } from './client-builds.ts';
import { PortalPage } from './portal-page.ts';
import { ui } from './portal-texts.ts';

export const DEMO_PASSWORD = 'Portico#2024';
const root = resolve(import.meta.dirname, '../..');

export interface PortalHarness {
  readonly url: string;
  /** The server's database (tests read what a user reads elsewhere: a picture captcha's answer). */
  readonly db: RunningServer['db'];
  /** A fresh browser context on /login (reached through the guard from `from`, remembered as `redirectedFrom`), in the language. */
  open(lang: Language, from?: string, redirectedFrom?: string): Promise<PortalPage>;
}

/**
 * The real server (fresh PGlite in a temporary folder, demo accounts, the built client) and
 * Debian's Chromium, for the test file that calls it. `demoRecords`: the demo TRFs and DFF
 * template too, as `npm start` seeds them. `prepare`: a registry and built client of the test's
 * own (the global setup's throwaway entity layout) instead of the product's.
 */
export function usePortal(options: { demoRecords?: boolean; prepare?: () => Promise<{ registry: EntityRegistry; clientDir: string }> } = {}): PortalHarness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    mkdirSync(join(root, 'test-results'), { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'portico-browser-'));
    // The run's migrated PGlite folder (pglite-template.ts), so the server skips initdb; it seeds as on a first start.
    const template = pgliteTemplates()?.migrated;
    if (template) cpSync(template, join(dataDir, 'pglite'), { recursive: true });
    const prepared = await options.prepare?.();
    // The global setup builds the product's client beside the other projects' files (client-builds.ts).
    if (!prepared) await builtClient('product');
    const clientDir = prepared?.clientDir ?? resolve(root, process.env.PORTICO_TEST_DIST ?? 'dist');
    // Back-pressure off, as for the API harness and server children: a loaded test machine must not make the server refuse (503 SERVER_BUSY).
    server = await startServer({ port: 0, dataDir, clientDir, registry: prepared?.registry, demoRecords: options.demoRecords ?? false, pressureEnv: { PRESSURE: 'off' } });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    // Longer than the project's hook timeout: a file run on its own may wait for both client builds
    // (several minutes each on a loaded machine); this still catches a build that hangs.
  }, 1_800_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get url() {
      if (!server) throw new Error('The portal server has not started');
      return server.url;
    },
    get db() {
      if (!server) throw new Error('The portal server has not started');
      return server.db;
    },
    async open(lang, from = '/trf/newList', redirectedFrom = from) {
      if (!server || !browser) throw new Error('The portal server has not started');
      // Without antd's animations (the portal honours prefers-reduced-motion): tests wait for what a page shows, not for it to slide in.
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
      // Playwright's 30 s for an action or a wait, doubled: a loaded machine is slower, not broken.
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      const portal = new PortalPage(page, server.url, lang);
      await page.goto(`${server.url}${from}`);
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirectedFrom') === redirectedFrom);
      if (lang !== 'zh-CN') await page.getByTestId('language-switch').getByRole('button', { name: ui(lang, `language.${lang}`) }).click();
      await portal.seeText(ui(lang, 'login.acceptTerms'));
      return portal;
    },
  };
}
