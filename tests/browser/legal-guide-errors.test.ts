import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * The legal PDFs of the footer, the new-user guide opening by itself, the automatic message of a
 * failed request, client error reporting, and the colour and theme settings (SPEC §2, §7, §8).
 */
const portalServer = usePortal();
const LANGS = ['zh-CN', 'en-US'] as const;
/** antd's dark layout background. */
const DARK_LAYOUT = 'rgb(0, 0, 0)';
const other = (lang: (typeof LANGS)[number]) => (lang === 'zh-CN' ? 'en-US' : 'zh-CN');

/** A stored local setting as the page keeps it (prefix, type, content, timestamp). */
const stored = (page: Page, name: string) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(`portico-${key}`);
    return raw ? (JSON.parse(raw) as { type: string; content: unknown; datetime: number }) : null;
  }, name);

describe('legal documents, guide, request failures, error reports, colour and theme', () => {
  it('serves the terms of use and data privacy PDFs in both languages', async () => {
    for (const doc of ['terms-of-use', 'data-privacy']) {
      for (const lang of LANGS) {
        const res = await fetch(`${portalServer.url}/legal/${doc}.${lang}.pdf`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.length).toBeGreaterThan(10_000);
      }
    }
  });

  for (const lang of LANGS) {
    it(`the footer opens each PDF in the user's language and offers the other (${lang})`, async () => {
      const portal = await portalServer.open(lang);
      const { page } = portal;
      // The login page's terms checkbox has the two documents beside it.
      const loginLegal = page.getByTestId('login-legal');
      expect(await loginLegal.getByTestId('legal-terms').locator('a').first().getAttribute('href')).toBe(`/legal/terms-of-use.${lang}.pdf`);
      expect(await loginLegal.getByTestId('legal-privacy').locator('a').first().getAttribute('href')).toBe(`/legal/data-privacy.${lang}.pdf`);
      await portal.logIn('staff', DEMO_PASSWORD);
      const footer = page.getByTestId('shell-footer');
      for (const [doc, file] of [['terms', 'terms-of-use'], ['privacy', 'data-privacy']] as const) {
        const links = footer.getByTestId(`legal-${doc}`);
        const [tab] = await Promise.all([page.context().waitForEvent('page'), links.getByText(ui(lang, `legal.${doc}.title`), { exact: true }).click()]);
        await expect.poll(() => tab.url(), POLL).toBe(`${portalServer.url}/legal/${file}.${lang}.pdf`);
        await tab.close();
        const otherLink = links.getByText(ui(lang, `language.${other(lang)}`), { exact: true });
        expect(await otherLink.getAttribute('href')).toBe(`/legal/${file}.${other(lang)}.pdf`);
      }
      await footer.scrollIntoViewIfNeeded();
      await portal.shot('footer-legal', false);
      await page.context().close();
    });
  }

  // The longer flows run in one language each (CI time), alternating between the two.
  for (const [lang, account] of [['zh-CN', 'newcomer']] as const) {
    it(`the guide opens by itself for a new user until dismissed, remembered on the server (${lang})`, async () => {
      const portal = await portalServer.open(lang);
      const { page } = portal;
      const guide = page.getByTestId('guide-next');
      await portal.logIn(account, DEMO_PASSWORD);
      await guide.waitFor();
      await portal.seeText(ui(lang, 'guide.step1.title'));
      await portal.shot('guide-first-login');
      expect((await stored(page, 'autoOff'))?.content).toBe(true);

      // Closed (not dismissed): it stays closed for the session, and opens again at the next login.
      await page.locator('.ant-drawer-close').click();
      await guide.waitFor({ state: 'hidden' });
      await page.reload();
      await page.getByTestId('guide-button').waitFor();
      expect(await guide.isVisible()).toBe(false);
      await portal.logOut();
      expect(await stored(page, 'autoOff')).toBeNull();
      expect(await stored(page, 'guideTask')).toBeNull();
      await portal.logIn(account, DEMO_PASSWORD);
      await guide.waitFor();

      await guide.click();
      await portal.seeText(ui(lang, 'guide.step2.title'));
      await page.getByTestId('guide-task-buyer').click();
      await page.getByTestId('guide-task-contact').click();
      await portal.seeText(ui(lang, 'guide.tasksTitle', { done: 2, total: 4 }));
      await page.getByTestId('guide-dismiss').click();
      await guide.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('guide-button').count(), POLL).toBe(0);
      const { rows } = await portalServer.db.query<{ guide: Record<string, unknown> }>('select guide from users where account = $1', [account]);
      expect(rows[0]?.guide).toEqual({ step: 1, tasks: { buyer: true, contact: true }, dismissed: true });

      await portal.logOut();
      await portal.logIn(account, DEMO_PASSWORD);
      await page.getByTestId('shell-content').waitFor();
      expect(await page.getByTestId('guide-button').count()).toBe(0);
      expect(await guide.count()).toBe(0);
      await page.context().close();
    });
  }

  for (const lang of ['en-US'] as Language[]) {
    it(`a failed request shows the server's message, or the generic one, by itself (${lang})`, async () => {
      const portal = await portalServer.open(lang);
      const { page } = portal;
      await portal.logIn('staff', DEMO_PASSWORD);
      // HTTP 200 with a failing body code: judged by the body code (SPEC §8).
      await page.route('**/api/account/me?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 500, message: `Lab info was updated, please input again (${lang})` }) }));
      await page.getByTestId('user-menu').click();
      await page.getByText(ui(lang, 'user.info'), { exact: true }).click();
      await portal.seeText(`Lab info was updated, please input again (${lang})`, page.locator('.ant-message'));
      await portal.shot('request-failure');
      await page.unroute('**/api/account/me?*');
      await page.route('**/api/menu?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500 }) }));
      await page.getByTestId('user-menu').click();
      await page.getByText(ui(lang, 'user.settings'), { exact: true }).click();
      await portal.seeText(ui(lang, 'errors.generic'), page.locator('.ant-message'));
      await page.unroute('**/api/menu?*');
      await page.context().close();
    });
  }

  it('reports uncaught errors and unhandled rejections of the page in a batch, with every field', async () => {
    const portal = await portalServer.open('en-US');
    const { page } = portal;
    await portal.logIn('applicant', DEMO_PASSWORD);
    const marker = `probe-${Date.now()}`;
    await page.evaluate((m) => {
      setTimeout(() => {
        throw new TypeError(`${m} thrown in a timer`);
      }, 0);
      void Promise.reject(new RangeError(`${m} rejected`));
    }, marker);
    type Row = { user_id: string | null; url: string; time: string; type: string; message: string; stack: string | null; info: unknown };
    const rows = async () =>
      (await portalServer.db.query<Row>('select user_id, url, time, type, message, stack, info from error_logs where message like $1 order by type', [`%${marker}%`])).rows;
    await expect.poll(async () => (await rows()).length, POLL).toBe(2);
    const [error, rejection] = await rows();
    for (const row of [error!, rejection!]) {
      expect(row.user_id).toBe('u-applicant');
      expect(row.url).toBe(`${portalServer.url}/trf/newList`);
      expect(Number.isNaN(Date.parse(String(row.time)))).toBe(false);
    }
    expect(error).toMatchObject({ type: 'error', message: `${marker} thrown in a timer` });
    expect(error!.stack).toContain('TypeError');
    expect(typeof error!.info).toBe('string');
    expect(rejection).toMatchObject({ type: 'unhandledrejection', message: `${marker} rejected`, info: 'reason: RangeError' });
    expect(rejection!.stack).toContain('RangeError');
    await page.context().close();
  });

  // The colour as antd draws a primary button: in the light theme, and its shade in the dark one (antd's dark palette).
  const COLOUR_CASES = [
    ['zh-CN', 'purple', 'rgb(114, 46, 209)', 'rgb(100, 42, 181)'],
  ] as const;
  for (const [lang, colour, rgb, darkRgb] of COLOUR_CASES) {
    it(`changes the colour and theme at once and keeps them across a reload (${lang})`, async () => {
      const portal = await portalServer.open(lang);
      const { page } = portal;
      await portal.logIn('applicant', DEMO_PASSWORD);
      await page.getByTestId('user-menu').click();
      await page.getByText(ui(lang, 'user.settings'), { exact: true }).click();
      await page.waitForURL(/\/personality\/settings$/);
      const save = page.getByTestId('settings-save');
      const background = () => save.evaluate((el) => getComputedStyle(el).backgroundColor);
      const layout = () => page.locator('.ant-layout').first().evaluate((el) => getComputedStyle(el).backgroundColor);
      await expect.poll(background, POLL).toBe('rgb(194, 65, 12)'); // orange by default (#c2410c: white text reads at 5.2:1)
      await expect.poll(layout, POLL).not.toBe(DARK_LAYOUT);
      const light = await layout();

      await page.getByTestId('settings-colour').locator('label', { hasText: ui(lang, `settings.colours.${colour}`) }).click();
      await expect.poll(background, POLL).toBe(rgb);
      await page.getByTestId('settings-theme').locator('label', { hasText: ui(lang, 'settings.themes.dark') }).click();
      await expect.poll(layout, POLL).toBe(DARK_LAYOUT);
      await expect.poll(background, POLL).toBe(darkRgb);
      await portal.shot('appearance-dark');

      await page.reload();
      await save.waitFor();
      await expect.poll(background, POLL).toBe(darkRgb);
      await expect.poll(layout, POLL).toBe(DARK_LAYOUT);
      const entry = await stored(page, 'colorName');
      expect(entry).toMatchObject({ type: 'string', content: colour });
      expect(entry!.datetime).toBeGreaterThan(Date.now() - 600_000);
      expect(await stored(page, 'themeName')).toMatchObject({ type: 'string', content: 'dark' });

      await page.getByTestId('settings-theme').locator('label', { hasText: ui(lang, 'settings.themes.default') }).click();
      await expect.poll(layout, POLL).toBe(light);
      await page.context().close();
    });
  }
});
