import { describe, expect, it } from 'vitest';
import { MESSAGES, message } from '../../engine/i18n/messages.ts';
import { machines } from '../../workflows/index.ts';
import simpleSchema from '../../schemas/account/simple-registration.schema.json';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { expectNoInternalCodes, POLL } from './portal-page.ts';

/**
 * Quick registration end to end: every password rule broken once then met, the emailed code read
 * from the outbox page by staff, approval by staff on the review page, then the new user logs in.
 */
const portalServer = usePortal();
const lang = 'en-US';
const passwordMessage = (keyword: 'minLength' | 'maxLength' | 'pattern') => simpleSchema.properties.password['x-messages'][keyword][lang];

describe('registration', () => {
  it('registers, reads the code in the outbox, is approved by staff and logs in', async () => {
    const applicant = await portalServer.open(lang);
    const { page } = applicant;
    const email = `new.user.${Date.now()}@example.com`;
    const password = 'Newuser#2024';
    await page.getByRole('link', { name: ui(lang, 'account.toSimpleRegister') }).click();
    await page.waitForURL(/\/simpleRegister$/);
    await page.locator('#account-userName').fill('New User');
    await page.locator('#account-email').fill(email);
    await page.locator('#account-companyName').fill('New Company Ltd');

    const error = () => page.locator('#account-password_help, [id$="password_help"]').first().textContent();
    for (const [value, keyword] of [
      ['Ab1#', 'minLength'],
      ['abcdefgh12', 'pattern'],
      [`Aa1#${'x'.repeat(30)}`, 'maxLength'],
    ] as const) {
      await page.locator('#account-password').fill(value);
      await page.locator('#account-password').blur();
      await expect.poll(error, POLL).toContain(passwordMessage(keyword));
    }
    await page.locator('#account-password').fill(password);
    await page.locator('#account-passwordRepeat').fill(`${password}x`);
    await page.locator('#account-passwordRepeat').blur();
    await applicant.seeText(ui(lang, 'account.passwordMismatch'));
    await page.locator('#account-passwordRepeat').fill(password);
    await page.locator('#account-termsAccepted').check();
    // The documents the user accepts are linked beside the box.
    const form = page.getByTestId('account-form');
    expect(await form.getByTestId('legal-terms').getByRole('link').first().getAttribute('href')).toBe(`/legal/terms-of-use.${lang}.pdf`);
    expect(await form.getByTestId('legal-privacy').getByRole('link').first().getAttribute('href')).toBe(`/legal/data-privacy.${lang}.pdf`);
    await applicant.shot('simple-register');

    // The toast says where the code went and how long it may take, once.
    await page.getByTestId('send-code').click();
    const sent = message('CODE_SENT', lang, { email });
    await applicant.seeText(sent);
    expect(await page.locator('.ant-message').textContent()).toBe(sent);

    const staff = await portalServer.open(lang);
    await staff.logIn('staff', DEMO_PASSWORD);
    await staff.page.goto(`${portalServer.url}/outbox/index`);
    await staff.page.locator('#outbox-to').fill(email);
    await staff.page.locator('#outbox-to').press('Enter');
    const outbox = staff.page.getByTestId('outbox');
    await expect.poll(async () => (await outbox.textContent()) ?? '', POLL).toMatch(/(?<!\d)\d{6}(?!\d)/);
    const code = /(?<!\d)(\d{6})(?!\d)/.exec((await outbox.textContent()) ?? '')![1]!;
    await staff.seeText(ui(lang, 'outbox.statuses.stored'), outbox);
    await expectNoInternalCodes(staff.page);
    await staff.shot('outbox');

    await page.locator('#account-code').fill('000000' === code ? '111111' : '000000');
    await page.getByTestId('account-submit').click();
    await applicant.seeText(MESSAGES.CODE_WRONG[lang], page.getByTestId('account-form'));
    await page.locator('#account-code').fill(code);
    await page.getByTestId('account-submit').click();
    await page.waitForURL(/\/simpleRegister\/success$/);
    await applicant.seeText(ui(lang, 'public.simpleRegisterSuccess.text'));

    // Before the review, the login says so with the status's label, not its code.
    await page.goto(`${portalServer.url}/login`);
    await applicant.submitLogin(email, password);
    await applicant.seeText(message('ACCOUNT_PENDING', lang, { status: (machines.accountApproval.root.states.toBeReviewed!.meta as { label: Record<string, string> }).label[lang]! }));
    await expectNoInternalCodes(page);

    await staff.page.goto(`${portalServer.url}/accountPer/index`);
    const row = staff.page.locator('tr', { hasText: email });
    await row.waitFor();
    await staff.shot('account-reviews');
    await row.getByRole('button', { name: ui(lang, 'reviews.approve') }).click();
    await staff.seeText(ui(lang, 'reviews.approved', { account: email }).split(' ')[0]!);
    await row.waitFor({ state: 'detached' });

    await page.goto(`${portalServer.url}/login`);
    await applicant.logIn(email, password);
    await page.waitForURL(/\/wel\/index$/);
    for (const p of [applicant, staff]) await p.page.context().close();
  });
});
