import { describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { PortalPage } from './portal-page.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

/**
 * Logging in from a secure origin (127.0.0.1: WebCrypto) and from a plain-http intranet host name
 * (no `crypto.subtle`: the node-forge fallback). `portal.test` resolves to the test server.
 */
const portalServer = usePortal();
const lang = 'en-US';

describe('login over plain http on a non-local host', () => {
  it('logs in from a secure and from a non-secure origin', async () => {
    const secure = await portalServer.open(lang, '/wel/index');
    expect(await secure.page.evaluate(() => window.isSecureContext && Boolean(crypto.subtle))).toBe(true);
    await secure.logIn('applicant', DEMO_PASSWORD);
    await secure.page.context().close();

    const port = new URL(portalServer.url).port;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP portal.test 127.0.0.1'] });
    try {
      const page = await (await browser.newContext()).newPage();
      const portal = new PortalPage(page, `http://portal.test:${port}`, 'zh-CN');
      await page.goto(`http://portal.test:${port}/wel/index`);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.locator('#login-account').waitFor();
      expect(await page.evaluate(() => window.isSecureContext || Boolean(globalThis.crypto?.subtle))).toBe(false);
      await portal.logIn('applicant', DEMO_PASSWORD);
      await page.waitForURL(/\/wel\/index$/);
    } finally {
      await browser.close();
    }
  });
});
