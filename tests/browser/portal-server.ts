import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { sealPassword } from '../support/api-harness.ts';
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
  /**
   * A fresh browser context signed in through the API (for tests where login is not under test:
   * no login page is loaded), on `path` in the language, once the shell shows.
   */
  signedIn(account: string, lang: Language, path?: string, password?: string): Promise<PortalPage>;
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
      const page = await (await newContext(browser)).newPage();
      const portal = new PortalPage(page, server.url, lang);
      await page.goto(`${server.url}${from}`);
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirectedFrom') === redirectedFrom);
      if (lang !== 'zh-CN') await page.getByTestId('language-switch').getByRole('button', { name: ui(lang, `language.${lang}`) }).click();
      await portal.seeText(ui(lang, 'login.acceptTerms'));
      return portal;
    },
    async signedIn(account, lang, path = '/wel/index', password = DEMO_PASSWORD) {
      if (!server || !browser) throw new Error('The portal server has not started');
      const context = await newContext(browser);
      // The login the page would send (password sealed with the server's key); its answer sets the session cookie in the context.
      const key = await (await context.request.get(`${server.url}/api/auth/public-key`)).json();
      const login = await context.request.post(`${server.url}/api/auth/token`, { data: { account, password: sealPassword(key.data.spki, password), type: 'account', termsAccepted: true } });
      if (!login.ok()) throw new Error(`login ${account} failed: ${login.status()} ${await login.text()}`);
      const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
      // What the login page leaves behind, once per tab before its first script (a later logout or language switch stays):
      // the session's token in sessionStorage and the language the switch stored.
      await context.addInitScript(
        ({ token, language }) => {
          if (sessionStorage.getItem('portico-test-signed-in')) return;
          sessionStorage.setItem('portico-test-signed-in', '1');
          sessionStorage.setItem('portico_token', token);
          localStorage.setItem('portico-language', language);
        },
        { token: accessToken, language: JSON.stringify({ type: 'string', content: lang, datetime: Date.now() }) },
      );
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      await page.getByTestId('user-menu').waitFor();
      return new PortalPage(page, server.url, lang);
    },
  };
}

/** A browser context as a user's: without antd's animations (the portal honours prefers-reduced-motion), so tests wait for what a page shows, not for it to slide in. */
async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
  // Playwright's 30 s for an action or a wait, doubled: a loaded machine is slower, not broken.
  context.setDefaultTimeout(60_000);
  return context;
}
