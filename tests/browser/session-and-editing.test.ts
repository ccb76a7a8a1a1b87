import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { trfTexts, ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';

/**
 * The session around the pages (guards, a 401, a new tab, the header's language switch) and
 * editing a record: Edit, a version conflict answered with the newer data, Copy, list sorting.
 */
const portalServer = usePortal();

async function api<T>(portal: PortalPage, method: string, path: string, data?: unknown): Promise<T> {
  const token = await portal.page.evaluate(() => sessionStorage.getItem('portico_token'));
  const res = await portal.page.request.fetch(`${portalServer.url}${path}`, { method, headers: { 'Portico-Auth': `bearer ${token}` }, data });
  const body = (await res.json()) as { code: number; data: T };
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data;
}

describe('session', () => {
  const lang = 'en-US';

  it('404 for unknown paths; /login sends a logged-in user to /; the header switches the language', async () => {
    const portal = await portalServer.open(lang);
    const { page } = portal;
    await portal.logIn('applicant', DEMO_PASSWORD);
    await page.goto(`${portalServer.url}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await portal.seeText(ui(lang, 'notFound.description'));
    await portal.shot('not-found');
    await page.goto(`${portalServer.url}/login`);
    await page.waitForURL(/\/wel\/index$/);

    await page.getByTestId('language-switch').getByRole('button', { name: ui('zh-CN', 'language.zh-CN') }).click();
    await portal.seeText(ui('zh-CN', 'dashboard.title'), page.getByTestId('dashboard'));
    await page.reload();
    await portal.seeText(ui('zh-CN', 'route.dashboard'), page.getByTestId('main-menu'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.context().close();
  });

  it('a new tab finds the session in the cookie; a revoked session goes back to /login with the path', async () => {
    const portal = await portalServer.open(lang);
    const { page } = portal;
    await portal.logIn('applicant', DEMO_PASSWORD);
    await page.waitForURL(/\/trf\/newList$/);
    await page.getByTestId('list-filters').waitFor();
    const tab = await page.context().newPage();
    await tab.goto(`${portalServer.url}/wel/index`);
    await tab.getByTestId('dashboard').waitFor();
    await tab.getByTestId('user-menu').waitFor();
    await tab.close();
    await page.bringToFront();

    await api(portal, 'POST', '/api/auth/logout');
    await page.getByTestId('main-menu').getByText(ui(lang, 'route.dashboard'), { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirectedFrom') === '/wel/index');
    await page.locator('#login-account').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('portico_token'))).toBeNull();
    await page.context().close();
  });
});

describe('editing', () => {
  const lang = 'zh-CN';
  const trf = trfTexts(lang);

  it('Edit, a version conflict reloaded with the newer data, Copy, and a sorted list', async () => {
    const portal = await portalServer.open(lang);
    const { page } = portal;
    await portal.logIn('applicant', DEMO_PASSWORD);
    const [template] = await api<{ value: string }[]>(portal, 'GET', '/api/lookups/templates');
    const created = await api<{ id: string; version: number }>(portal, 'POST', '/api/entities/trf', {
      doc: { template: template?.value, sampleReceivedDate: '2026-12-01', remark: 'first' },
    });

    await page.goto(`${portalServer.url}/trf/trfDetail?id=${created.id}`);
    await portal.button(ui(lang, 'renderer.detail.edit')).click();
    await page.waitForURL(/\/trf\/trfForm\?id=/);
    await expect.poll(() => page.locator('#root_remark').inputValue(), POLL).toBe('first');

    await api(portal, 'PUT', `/api/entities/trf/${created.id}`, { doc: { template: template?.value, sampleReceivedDate: '2026-12-01', remark: 'changed elsewhere' }, version: created.version });
    await page.locator('#root_remark').fill('mine');
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    const dialog = portal.dialog();
    await portal.seeText(ui(lang, 'renderer.form.conflictTitle'), dialog);
    await portal.shot('conflict', false);
    await portal.button(ui(lang, 'renderer.form.conflictReload'), dialog).click();
    await expect.poll(() => page.locator('#root_remark').inputValue(), POLL).toBe('changed elsewhere');
    // The dialog gives the focus back to Save once it has closed (antd's focus return): typing
    // starts after that, as a user's would, or its last keys would go to the button.
    await page.locator('.ant-modal').waitFor({ state: 'detached' });

    // Typed key by key into a text area and a text input, then saved at once by a click that
    // moves no focus: the fields hold what is typed until a pause or a blur (useHeldValue), and
    // Save hands it to the form before reading it, so the last keystrokes are not lost.
    await page.locator('#root_remark').fill('mine, on the newer');
    await page.locator('#root_remark').press('End');
    await page.keyboard.type(' version');
    await page.locator('#root_previousReportNo').click();
    await page.keyboard.type('R-2026-07');
    await page.getByTestId('form-save').dispatchEvent('click');
    await page.waitForURL(/\/trf\/trfDetail\?id=/);
    await portal.seeText('mine, on the newer version', page.locator('[data-section=service]'));
    await portal.seeText('R-2026-07', page.locator('[data-section=basic]'));

    const copyLabel = trf.copy;
    await portal.button(copyLabel).click();
    await page.waitForURL((u) => u.pathname === '/trf/trfForm' && u.searchParams.get('id') !== created.id);
    await portal.seeText(ui(lang, 'renderer.detail.copied', { entity: trf.entity }));

    await page.goto(`${portalServer.url}/trf/newList`);
    await page.getByRole('row').nth(1).waitFor();
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await page.locator('th', { hasText: trf.field('trfNo') }).click();
    await page.waitForURL(/sort=trfNo%3Aasc/);
    await page.locator('th[aria-sort=ascending]', { hasText: trf.field('trfNo') }).waitFor();
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await page.locator('th', { hasText: trf.field('trfNo') }).click();
    await page.waitForURL(/sort=trfNo%3Adesc/);
    await page.getByRole('row').nth(1).waitFor();
    await portal.shot('list-sorted');
    await page.context().close();
  });
});
