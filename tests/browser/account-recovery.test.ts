import { constants, publicEncrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { MESSAGES, message } from '../../engine/i18n/messages.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';

/**
 * Accounts in the browser (SPEC §4–§6): a password reset through an emailed code; a registration
 * rejected with a reason by staff, the reason mailed to the applicant and shown at login; the
 * picture captcha after 3 failed logins and the lock after 5, with its message on the login page.
 */
const portalServer = usePortal();

/** The mails to an address, as staff read them at /outbox/index (subjects, and bodies opened). */
async function readOutbox(staff: PortalPage, to: string): Promise<string> {
  await staff.page.goto(`${portalServer.url}/outbox/index`);
  await staff.page.locator('#outbox-to').fill(to);
  await staff.page.locator('#outbox-to').press('Enter');
  const outbox = staff.page.getByTestId('outbox');
  await expect.poll(async () => (await outbox.textContent()) ?? '', POLL).toContain(to);
  const collapsed = outbox.locator('.ant-table-row-expand-icon-collapsed');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  return (await outbox.textContent()) ?? '';
}

describe('account recovery, rejection and lock-out', () => {
  // One language (CI time); the flows of this file alternate between the two.
  for (const lang of ['zh-CN'] as Language[]) {
    it(`resets a forgotten password with the emailed code and logs in with the new one (${lang})`, async () => {
      const account = lang === 'en-US' ? 'supplier' : 'agent';
      const email = `${account}@demo.portico.dev`;
      const newPassword = `Reset#${lang === 'en-US' ? 'En' : 'Zh'}2024`;
      const portal = await portalServer.open(lang);
      const { page } = portal;
      await page.getByRole('link', { name: ui(lang, 'account.forgot') }).click();
      await page.waitForURL(/\/retrievePassword$/);
      await page.locator('#account-email').fill(email);
      await page.getByTestId('send-code').click();
      await portal.seeText(MESSAGES.CODE_SENT[lang].replace('{email}', email));

      const staff = await portalServer.open(lang);
      await staff.logIn('staff', DEMO_PASSWORD);
      const mails = await readOutbox(staff, email);
      const code = /(?<!\d)(\d{6})(?!\d)/.exec(mails)![1]!;
      await staff.shot('outbox-reset-code');

      await page.locator('#account-code').fill(code);
      await page.locator('#account-password').fill(newPassword);
      await page.locator('#account-passwordRepeat').fill(newPassword);
      await portal.shot('retrieve-password');
      await page.getByTestId('account-submit').click();
      await page.waitForURL(/\/login\?passwordReset=1$/);
      await portal.seeText(ui(lang, 'account.passwordReset'));
      await portal.shot('password-reset-done');

      await page.locator('#login-account').fill(account);
      await page.locator('#login-password').fill(DEMO_PASSWORD);
      await page.getByText(ui(lang, 'login.acceptTerms')).click();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-error').waitFor();
      await page.locator('#login-password').fill(newPassword);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('user-menu').waitFor();
      for (const p of [portal, staff]) await p.page.context().close();
    });
  }

  it('staff reject a registration with a reason; the applicant gets it by email and sees it at login', async () => {
    const lang = 'en-US';
    const email = `refused.${Date.now()}@example.com`;
    const password = 'Refused#2024';
    const api = async (path: string, body: unknown) => {
      const res = await fetch(`${portalServer.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const key = (await (await fetch(`${portalServer.url}/api/auth/public-key`)).json()) as { data: { spki: string } };
    const pem = `-----BEGIN PUBLIC KEY-----\n${key.data.spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
    const encrypt = (text: string) => publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
    expect((await api('/api/accounts/codes', { email, purpose: 'register' })).status).toBe(200);
    const { rows } = await portalServer.db.query<{ subject: string }>('select subject from outbox where to_address = $1 order by id desc limit 1', [email]);
    const code = /(\d{6})/.exec(rows[0]!.subject)![1]!;
    const registered = await api('/api/accounts/simple-register', {
      userName: 'Refused Applicant', email, companyName: 'Refused Company Ltd', code, termsAccepted: true,
      password: encrypt(password), passwordRepeat: encrypt(password),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);

    const staff = await portalServer.open(lang);
    await staff.logIn('staff', DEMO_PASSWORD);
    await staff.page.goto(`${portalServer.url}/accountPer/index`);
    const row = staff.page.locator('tr', { hasText: email });
    await row.getByRole('button', { name: ui(lang, 'reviews.reject') }).click();
    const dialog = staff.dialog();
    await expect.poll(() => dialog.getByRole('button', { name: ui(lang, 'reviews.reject') }).isDisabled(), POLL).toBe(true);
    const reason = 'The company could not be verified';
    await dialog.locator('#reject-reason').fill(reason);
    await staff.shot('reject-with-reason');
    await dialog.getByRole('button', { name: ui(lang, 'reviews.reject') }).click();
    await staff.seeText(ui(lang, 'reviews.rejected', { account: email }));
    await row.waitFor({ state: 'detached' });
    expect(await readOutbox(staff, email)).toContain(reason);
    await staff.shot('outbox-rejection');

    const applicant = await portalServer.open(lang);
    await applicant.page.locator('#login-account').fill(email);
    await applicant.page.locator('#login-password').fill(password);
    await applicant.page.getByText(ui(lang, 'login.acceptTerms')).click();
    await applicant.page.getByTestId('login-submit').click();
    await expect.poll(() => applicant.page.getByTestId('login-error').textContent(), POLL).toBe(MESSAGES.ACCOUNT_REJECTED[lang].replace('{reason}', reason));
    await applicant.shot('login-rejected');
    for (const p of [staff, applicant]) await p.page.context().close();
  });

  // One language (CI time); the flows of this file alternate between the two.
  for (const lang of ['en-US'] as Language[]) {
    it(`asks for the picture captcha after 3 wrong passwords and locks the account after 5 (${lang})`, async () => {
      const account = lang === 'en-US' ? 'manufacturer' : 'buyer';
      const portal = await portalServer.open(lang);
      const { page } = portal;
      await page.locator('#login-account').fill(account);
      await page.getByText(ui(lang, 'login.acceptTerms')).click();
      let captchaKey: string | undefined;
      page.on('response', async (res) => {
        if (new URL(res.url()).pathname === '/api/auth/captcha') captchaKey = ((await res.json()) as { data: { captchaKey: string } }).data.captchaKey;
      });
      for (let attempt = 1; attempt <= 5; attempt++) {
        if (attempt > 3) {
          await page.locator('#login-captcha').waitFor();
          await expect.poll(() => captchaKey, POLL).toBeDefined();
          const { rows } = await portalServer.db.query<{ answer: string }>('select answer from captchas where id = $1', [captchaKey]);
          await page.locator('#login-captcha').fill(rows[0]!.answer);
          captchaKey = undefined;
        } else expect(await page.locator('#login-captcha').count()).toBe(0);
        await page.locator('#login-password').fill(`wrong-password-${attempt}`);
        await page.getByTestId('login-submit').click();
        const expected = attempt === 5 ? message('USER_LOCKED', lang, { minutes: 15 }) : MESSAGES.LOGIN_FAILED[lang];
        await expect.poll(() => page.getByTestId('login-error').textContent(), POLL).toBe(expected);
        await expect.poll(() => page.getByTestId('login-submit').isEnabled(), POLL).toBe(true);
      }
      if (lang === 'en-US') expect(await page.getByTestId('login-error').textContent()).toBe('User locked please contact administrator! Or try again in 15 minutes, or reset the password');
      await portal.shot('login-locked');
      await page.locator('#login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.getByTestId('login-error').textContent(), POLL).toBe(message('USER_LOCKED', lang, { minutes: 15 }));
      await page.context().close();
    });
  }
});
