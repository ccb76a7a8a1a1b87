import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/** The public pages of SPEC §2, the login guard (captcha, lock-out) and single sign-on. */
const portalServer = usePortal();

const RESULT_PAGES: [string, string][] = [
  ['/403', 'public.forbidden.text'],
  ['/500', 'public.serverError.text'],
  ['/systemUpdate', 'public.systemUpdate.text'],
  ['/paySuccess', 'public.paySuccess.text'],
  ['/payError', 'public.payError.text'],
  ['/register/success', 'public.registerSuccess.text'],
  ['/simpleRegister/success', 'public.simpleRegisterSuccess.text'],
  ['/simpleRegister/successInfo', 'public.successInfo.step2'],
  ['/register', 'account.registerTitle'],
  ['/simpleRegister', 'account.simpleRegisterTitle'],
  ['/retrievePassword', 'account.retrieveTitle'],
  ['/404', 'notFound.description'],
];

describe('public pages and login', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`every message page renders its text (${lang})`, async () => {
      const portal = await portalServer.open(lang);
      const { page } = portal;
      for (const [path, key] of RESULT_PAGES) {
        await page.goto(`${portalServer.url}${path}`);
        await portal.seeText(ui(lang, key));
        expect(await page.title()).toContain(ui(lang, 'app.title'));
        await portal.shot(`public${path.replaceAll('/', '-')}`);
      }
      await page.goto(`${portalServer.url}/sso`);
      await portal.seeText(ui(lang, 'sso.missing'));
      await page.goto(`${portalServer.url}/lock`);
      await page.waitForURL(/\/login$/);
      await page.context().close();
    });
  }

  it('asks for the picture captcha after 3 failures; a new picture on click; the captcha message from the server', async () => {
    const lang = 'en-US';
    const portal = await portalServer.open(lang);
    const { page } = portal;
    await page.locator('#login-account').fill('manufacturer');
    await page.getByText(ui(lang, 'login.acceptTerms')).click();
    for (let i = 1; i <= 3; i++) {
      await page.locator('#login-password').fill(`wrong-${i}-password`);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-error').waitFor();
      await expect.poll(() => page.getByTestId('login-submit').isEnabled(), POLL).toBe(true);
    }
    const image = page.getByTestId('login-captcha-image').locator('img');
    await image.waitFor();
    const first = await image.getAttribute('src');
    await page.getByTestId('login-captcha-image').click();
    await expect.poll(() => image.getAttribute('src'), POLL).not.toBe(first);
    await portal.shot('login-captcha');
    await page.locator('#login-captcha').fill('XXXX');
    await page.locator('#login-password').fill('wrong-4-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent(), POLL).toMatch(/verification|captcha|code/i);
  });

  it('/sso?token= logs in with a one-use token and lands on the dashboard', async () => {
    const lang = 'en-US';
    const portal = await portalServer.open(lang);
    const { page } = portal;
    await portal.logIn('buyer', DEMO_PASSWORD);
    const token = await page.evaluate(() => sessionStorage.getItem('portico_token'));
    const res = await page.request.post(`${portalServer.url}/api/auth/sso-tokens`, { headers: { 'Portico-Auth': `bearer ${token}` } });
    const { ssoToken } = ((await res.json()) as { data: { ssoToken: string } }).data;
    const fresh = await page.context().browser()!.newContext();
    const other = await fresh.newPage();
    await other.goto(`${portalServer.url}/sso?token=${ssoToken}`);
    await other.waitForURL(/\/wel\/index$/);
    await other.getByTestId('user-menu').waitFor();
    await fresh.close();
    const reused = await page.context().browser()!.newContext();
    const again = await reused.newPage();
    await again.goto(`${portalServer.url}/sso?token=${ssoToken}`);
    await again.getByTestId('sso-problem').waitFor();
    await reused.close();
    await page.context().close();
  });
});
