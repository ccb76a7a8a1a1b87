import { describe, expect, it } from 'vitest';
import { spacedCjkLatin, type Language } from '../../engine/index.ts';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../engine/i18n/messages.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * SPEC §2: routes and menu items from the server's menu (external links embedded at /myiframe/…,
 * permission pages only for who holds the permission), the page title, the navigation progress
 * bar, keep-alive pages, the main area without top margin, and the layout at 768, 992, 1200 px.
 */
const portalServer = usePortal();
const EXTERNAL = 'https://www.sgs.com/en/contact-us';
const MENU = {
  'zh-CN': { external: '服务中心', resources: '服务资源', reviews: '账号审核', workflows: '生命周期状态机' },
  'en-US': { external: 'Service centre', resources: 'Resources', reviews: 'Account reviews', workflows: 'Lifecycle machines' },
} as const;

const title = (lang: 'zh-CN' | 'en-US', name: string) => `${name} - ${ui(lang, 'app.title')}`;
const paddingTop = (page: Page) => page.getByTestId('shell-content').evaluate((el) => getComputedStyle(el).paddingTop);

describe('menu routes, titles and layout', () => {
  for (const lang of ['en-US', 'zh-CN'] as const) {
    it(`builds the menu and its routes from the server; external links open embedded; titles from the menu (${lang})`, async () => {
      const portal = await portalServer.signedIn('staff', lang, '/wel/index');
      const { page } = portal;
      const menu = page.getByTestId('main-menu');
      await expect.poll(() => page.title(), POLL).toBe(title(lang, ui(lang, 'route.dashboard')));

      await portal.openMenuEntry(MENU[lang].resources, MENU[lang].external);
      await page.waitForURL((u) => u.pathname === `/myiframe/${encodeURIComponent(EXTERNAL)}`);
      expect(await page.getByTestId('myiframe').getAttribute('src')).toBe(EXTERNAL);
      await expect.poll(() => page.title(), POLL).toBe(title(lang, MENU[lang].external));
      await portal.seeText(MENU[lang].external, page.getByTestId('open-tabs'));
      await portal.shot('menu-iframe');

      await page.goto(`${portalServer.url}/myiframe/${encodeURIComponent('https://elsewhere.example/')}`);
      await portal.seeText(ui(lang, 'public.iframe.notInMenu'));
      expect(await page.getByTestId('myiframe').count()).toBe(0);

      await menu.getByText(ui(lang, 'route.dashboard'), { exact: true }).waitFor();
      await page.goto(`${portalServer.url}/accountPer/index`);
      await expect.poll(() => page.title(), POLL).toBe(title(lang, MENU[lang].reviews));
      await page.goto(`${portalServer.url}/workflows`);
      await expect.poll(() => page.title(), POLL).toBe(title(lang, MENU[lang].workflows));
      await page.goto(`${portalServer.url}/workflows/session`);
      await expect.poll(() => page.title(), POLL).toBe(title(lang, ui(lang, 'workflows.viewer')));
      await page.context().close();
    });
  }

  it('a user without the permission has neither the menu item nor the route', async () => {
    const lang = 'en-US';
    const portal = await portalServer.open(lang, '/accountPer/index');
    const { page } = portal;
    // The page asked for is not the buyer's: the login lands on /403, outside the shell.
    await portal.submitLogin('buyer', DEMO_PASSWORD);
    await page.waitForURL(/\/403$/);
    await portal.seeText(ui(lang, 'public.forbidden.text'));
    await page.goto(`${portalServer.url}/wel/index`);
    const menu = page.getByTestId('main-menu');
    await menu.getByText(ui(lang, 'route.dashboard'), { exact: true }).waitFor();
    await portal.seeText(MENU[lang].resources, menu);
    for (const name of [MENU[lang].reviews, MENU[lang].workflows]) expect(await menu.getByText(name, { exact: true }).count()).toBe(0);
    for (const path of ['/outbox/index', '/systemNotice/index', '/workflows', '/workflows/trf']) {
      await page.goto(`${portalServer.url}${path}`);
      await page.waitForURL(/\/403$/);
    }
    await page.context().close();
  });

  it('shows the progress bar while a page loads; keep-alive pages keep their state across tabs; no top margin on the TRF detail and CCL new-TRF', async () => {
    const lang = 'en-US';
    const portal = await portalServer.open(lang, '/wel/index');
    const { page } = portal;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/OutboxPage-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await portal.logIn('staff', DEMO_PASSWORD);
    await page.getByTestId('dashboard').evaluate((el) => el.setAttribute('data-kept', 'yes'));
    await page.evaluate(() => {
      window.history.pushState({}, '', '/outbox/index');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const loadingBar = page.locator('[data-testid="nav-progress"][aria-valuenow="70"]');
    await loadingBar.waitFor({ state: 'attached' });
    expect(await loadingBar.first().evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await portal.shot('progress-bar', false);
    release();
    await portal.seeText(ui(lang, 'route.outbox'), page.getByTestId('open-tabs'));
    await expect.poll(() => page.locator('[data-testid="nav-progress"]').evaluateAll((bars) => bars.filter((b) => getComputedStyle(b).opacity !== '0').length), POLL).toBe(0);

    const tab = (label: string) => page.getByTestId('open-tabs').locator('.ant-tabs-tab', { hasText: label });
    await page.getByTestId('outbox').waitFor();
    await page.getByTestId('outbox').evaluate((el) => el.setAttribute('data-kept', 'yes'));
    await tab(ui(lang, 'route.dashboard')).click();
    await page.waitForURL(/\/wel\/index$/);
    // As a user would: the dashboard is on screen (and the outbox gone) before the next click.
    await expect.poll(() => page.getByTestId('dashboard').isVisible(), POLL).toBe(true);
    await expect.poll(() => page.getByTestId('outbox').count(), POLL).toBe(0);
    expect(await page.getByTestId('dashboard').getAttribute('data-kept'), 'the dashboard (keepAlive) is the same page as before').toBe('yes');
    await tab(ui(lang, 'route.outbox')).click();
    await page.waitForURL(/\/outbox\/index$/).catch(async (e) => {
      await portal.shot('keep-alive-failed', false);
      throw e;
    });
    expect(await page.getByTestId('dashboard').count(), 'the kept page stays mounted, hidden').toBe(1);
    await expect.poll(() => page.getByTestId('dashboard').isVisible(), POLL).toBe(false);
    await page.getByTestId('outbox').waitFor();
    expect(await page.getByTestId('outbox').getAttribute('data-kept'), 'the outbox (not keepAlive) is rendered anew').toBeNull();

    expect(await paddingTop(page)).toBe('24px');
    await page.goto(`${portalServer.url}/ccl/trf/newTrf`);
    // The CCL variant of the TRF (schemas/trf/trf.views.json, variants): a new record of it.
    await expect.poll(() => page.title(), POLL).toBe(title(lang, spacedCjkLatin(ui(lang, 'renderer.form.newTitle', { entity: lang === 'en-US' ? 'CCL test request form' : 'CCL 测试申请单' }))));
    await page.getByTestId('form-save').waitFor();
    expect(await paddingTop(page)).toBe('0px');
    await portal.shot('ccl-new-trf', false);
    // Without an id the detail page goes on to the list, so it is asked for a record (one that
    // does not exist: the page stays and says so, in the language, after one request: a 404 is
    // not retried).
    const missing = '00000000-0000-4000-8000-000000000000';
    const asked: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === `/api/entities/trf/${missing}` && asked.push(r.url()));
    await page.goto(`${portalServer.url}/trf/trfDetail?id=${missing}`);
    await portal.seeText(MESSAGES.NOT_FOUND[lang], page.locator('.ant-alert-error'));
    await page.waitForTimeout(1500);
    expect(asked, 'a refusal is not asked again').toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/trf/trfDetail');
    expect(await paddingTop(page)).toBe('0px');
    await page.goto(`${portalServer.url}/trf/newList`);
    await expect.poll(() => paddingTop(page), POLL).toBe('24px');
    await page.context().close();
  });

  // One language (CI time): the menu test above runs in both.
  for (const lang of ['zh-CN'] as Language[]) {
    it(`the layout responds at 768, 992 and 1200 px (${lang})`, async () => {
      const portal = await portalServer.signedIn('staff', lang, '/wel/index');
      const { page } = portal;
      const header = page.getByTestId('shell-header');
      await header.getByTestId('main-menu').getByText(ui(lang, 'route.dashboard'), { exact: true }).waitFor();
      const expectations = [
        { width: 1200, layout: 'full', title: true, menu: true, padding: '24px' },
        { width: 992, layout: 'wide', title: true, menu: true, padding: '16px' },
        { width: 768, layout: 'compact', title: false, menu: true, padding: '16px' },
        { width: 767, layout: 'drawer', title: true, menu: false, padding: '8px' },
      ] as const;
      for (const e of expectations) {
        await page.setViewportSize({ width: e.width, height: 800 });
        await expect.poll(() => header.getAttribute('data-layout'), POLL).toBe(e.layout);
        expect(await page.getByTestId('product-title').isVisible(), `title at ${e.width}`).toBe(e.title);
        expect(await header.getByTestId('main-menu').isVisible(), `menu at ${e.width}`).toBe(e.menu);
        expect(await page.getByTestId('menu-button').isVisible(), `menu button at ${e.width}`).toBe(!e.menu);
        expect(await paddingTop(page)).toBe(e.padding);
        const bounds = await header.boundingBox();
        expect(bounds!.width).toBeLessThanOrEqual(e.width);
        await portal.shot(`layout-${e.width}`, false);
      }
      await page.getByTestId('menu-button').click();
      const drawer = page.getByTestId('menu-drawer');
      await portal.seeText(ui(lang, 'designer.route.list'), drawer);
      await portal.shot('layout-767-drawer', false);
      await drawer.getByText(ui(lang, 'designer.route.list'), { exact: true }).click();
      await page.waitForURL(/\/form\/list$/);
      await expect.poll(() => drawer.isVisible(), POLL).toBe(false);
      await page.context().close();
    });
  }
});
