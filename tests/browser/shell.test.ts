import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { trfTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/** The shell of SPEC §2: the guard's way back after login, the lock, open tabs, footer and the language of its labels. */
const portalServer = usePortal();
const lang = 'en-US';

describe('shell', () => {
  it('returns to the page asked for after login; locks and unlocks the screen; logout ends the lock', async () => {
    const portal = await portalServer.signedIn('staff', lang, '/workflows');
    const { page } = portal;
    await page.waitForURL(/\/workflows$/);
    await page.getByTestId('lock-button').click();
    await page.locator('#lock-password').fill('secret-1');
    await page.getByRole('button', { name: ui(lang, 'lock.lock'), exact: true }).last().click();
    await page.waitForURL(/\/lock$/);
    await page.goto(`${portalServer.url}/wel/index`);
    await page.waitForURL(/\/lock$/);
    await page.goto(`${portalServer.url}/403`);
    await page.waitForURL(/\/lock$/);
    await portal.shot('lock');
    await page.locator('#unlock-password').fill('wrong');
    await page.getByRole('button', { name: ui(lang, 'lock.unlock') }).click();
    await page.getByTestId('lock-error').waitFor();
    await page.locator('#unlock-password').fill('secret-1');
    await page.getByRole('button', { name: ui(lang, 'lock.unlock') }).click();
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${portalServer.url}/403`);
    await portal.seeText(ui(lang, 'public.forbidden.text'));

    await page.goto(`${portalServer.url}/wel/index`);
    await page.getByTestId('lock-button').click();
    await page.locator('#lock-password').fill('secret-2');
    await page.getByRole('button', { name: ui(lang, 'lock.lock'), exact: true }).last().click();
    await page.waitForURL(/\/lock$/);
    await page.getByRole('button', { name: ui(lang, 'user.logout') }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('portico-isLock'))).toBeNull();
    await portal.logIn('staff', DEMO_PASSWORD);
    expect(new URL(page.url()).pathname).not.toBe('/lock');
    await page.context().close();
  });

  it("turns antd's animations off for a user who asked the system for less motion, and back on when the setting changes", async () => {
    // The harness opens pages with prefers-reduced-motion: reduce.
    const portal = await portalServer.open(lang, '/wel/index');
    const { page } = portal;
    const submit = page.getByRole('button', { name: ui(lang, 'login.submit') });
    const duration = () => submit.evaluate((el) => getComputedStyle(el).transitionDuration);
    await expect.poll(duration, POLL).toMatch(/^0s(, 0s)*$/);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(duration, POLL).toMatch(/[1-9]/);
    await page.context().close();
  });

  it("takes the antd styles of the shell and the login page from the build's stylesheet: antd builds none of them on the page", async () => {
    const portal = await portalServer.open(lang, '/wel/index');
    const { page } = portal;
    // A component's styles as antd builds them (its theme's CSS variables are built on the page, as they should be).
    const built = () => page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').filter((css) => /:where\(\.css-[\w-]+\)\.ant-(btn|input|menu|tabs|card|layout)\b/.test(css)).length);
    const submit = page.getByRole('button', { name: ui(lang, 'login.submit') });
    // The primary button is drawn in the portal's orange (#c2410c), from the stylesheet.
    await expect.poll(() => submit.evaluate((el) => getComputedStyle(el).backgroundColor), POLL).toBe('rgb(194, 65, 12)');
    expect(await built()).toBe(0);
    await portal.logIn('staff', DEMO_PASSWORD);
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('shell-header').locator('.ant-menu').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    expect(await built()).toBe(0);
    await page.context().close();
  });

  it('open tabs: open, switch, close; the dashboard tab alone cannot be closed; labels follow the language', async () => {
    const portal = await portalServer.signedIn('staff', lang, '/wel/index');
    const { page } = portal;
    const tabs = page.getByTestId('open-tabs');
    const tab = (label: string) => tabs.locator('.ant-tabs-tab', { hasText: label });
    await tab(ui(lang, 'route.dashboard')).waitFor();
    expect(await tab(ui(lang, 'route.dashboard')).locator('.ant-tabs-tab-remove').count()).toBe(0);
    await page.goto(`${portalServer.url}/workflows`);
    await tab(ui(lang, 'workflows.title')).waitFor();
    await page.goto(`${portalServer.url}/systemNotice/index`);
    await tab(ui(lang, 'route.systemNotice')).waitFor();
    expect(await tabs.locator('.ant-tabs-tab').count()).toBe(3);
    expect(await tab(ui(lang, 'route.dashboard')).locator('.ant-tabs-tab-remove').count()).toBe(1);
    await portal.shot('tabs');
    await tab(ui(lang, 'workflows.title')).click();
    await page.waitForURL(/\/workflows$/);
    await tab(ui(lang, 'workflows.title')).locator('.ant-tabs-tab-remove').click();
    await page.waitForURL(/\/systemNotice\/index$/);
    await expect.poll(() => tabs.locator('.ant-tabs-tab').count(), POLL).toBe(2);
    await page.waitForTimeout(500); // the closed tab's animation
    await tab(ui(lang, 'route.systemNotice')).locator('.ant-tabs-tab-remove').click();
    await page.waitForURL(/\/wel\/index$/);
    await expect.poll(() => tabs.locator('.ant-tabs-tab').count(), POLL).toBe(1);
    expect(await tab(ui(lang, 'route.dashboard')).locator('.ant-tabs-tab-remove').count()).toBe(0);

    await portal.seeText(ui(lang, 'legal.terms.title'), page.getByTestId('shell-footer'));
    await page.getByTestId('contact-us').click();
    await portal.seeText(ui(lang, 'contact.hotline.value'));
    await page.getByTestId('language-switch').getByRole('button', { name: ui('zh-CN', 'language.zh-CN') }).click();
    await portal.seeText(ui('zh-CN', 'route.dashboard'), tabs);
    await portal.seeText(ui('zh-CN', 'lock.lock'), page.getByTestId('lock-button'));
    await portal.seeText(ui('zh-CN', 'legal.privacy.title'), page.getByTestId('shell-footer'));
    await page.context().close();
  });

  it('a login with no page asked for lands on the dashboard, its only tab (no tab for the login page or the / redirect)', async () => {
    // Logged out, / resolves to the dashboard before the guard sends the visitor to the login.
    const portal = await portalServer.open(lang, '/', '/wel/index');
    const { page } = portal;
    await portal.logIn('staff', DEMO_PASSWORD);
    await page.waitForURL(/\/wel\/index$/);
    const tabs = page.getByTestId('open-tabs').locator('.ant-tabs-tab');
    await tabs.first().waitFor();
    await page.getByTestId('dashboard').waitFor();
    expect(await tabs.allTextContents()).toEqual([ui(lang, 'route.dashboard')]);
    await page.context().close();
  });

  it('an unknown path is /404, logged out or in, and leaves no tab', async () => {
    const portal = await portalServer.open(lang);
    const { page } = portal;
    await page.goto(`${portalServer.url}/no/such/page`);
    await page.waitForURL((u) => u.pathname === '/404');
    await page.goto(`${portalServer.url}/login`);
    await portal.logIn('applicant', DEMO_PASSWORD);
    const tabs = page.getByTestId('open-tabs').locator('.ant-tabs-tab');
    await tabs.first().waitFor();
    const before = await tabs.allTextContents();
    for (const path of ['/no/such/page', '/trf/nothing', '/form/noSuchTemplate/list']) {
      await page.goto(`${portalServer.url}${path}`);
      await page.waitForURL((u) => u.pathname === '/404');
    }
    await page.goto(`${portalServer.url}/wel/index`);
    await page.getByTestId('dashboard').waitFor();
    expect(await tabs.allTextContents()).toEqual(before);
    expect(await tabs.allTextContents()).not.toContain(ui(lang, 'app.title'));
    await page.context().close();
  });

  it('titles the TRF form and detail, and their tabs, by their own route and record, reached from the menu', async () => {
    const trf = trfTexts(lang);
    const portal = await portalServer.signedIn('applicant', lang, '/wel/index');
    const { page } = portal;
    await page.getByTestId('dashboard').waitFor();
    const tabs = page.getByTestId('open-tabs');
    const active = () => tabs.locator('.ant-tabs-tab-active').textContent();
    const app = ui(lang, 'app.title');
    await portal.openMenu(trf.entity);
    await page.waitForURL(/\/trf\/newList/);
    await expect.poll(() => page.title(), POLL).toBe(`${trf.entity} - ${app}`);
    await portal.button(ui(lang, 'renderer.list.new')).click();
    await page.waitForURL(/\/trf\/trfForm$/);
    const creating = ui(lang, 'renderer.form.newTitle', { entity: trf.entity });
    await expect.poll(() => page.title(), POLL).toBe(`${creating} - ${app}`);
    await expect.poll(active, POLL).toBe(creating);
    await portal.pick('root_template');
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    await page.waitForURL(/\/trf\/trfDetail\?id=/);
    const trfNo = (await page.getByTestId('detail-title').textContent()) ?? '';
    await expect.poll(() => page.title(), POLL).toBe(`${trf.entity} ${trfNo} - ${app}`);
    await expect.poll(active, POLL).toBe(`${trf.entity} ${trfNo}`);
    const labels = await tabs.locator('.ant-tabs-tab').allTextContents();
    expect(labels.filter((l) => l === ui(lang, 'route.dashboard'))).toHaveLength(1);
    await portal.shot('tabs-detail', false);
    await page.context().close();
  });
});
