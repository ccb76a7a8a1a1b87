import { describe, expect, it } from 'vitest';
import { text, STATIC_ACCESS, type Language } from '../../engine/index.ts';
import { MESSAGES } from '../../engine/i18n/messages.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * Issue 14: a customer admin creates an account with a post; the account sets its password from
 * the mailed link, logs in and finds no administration; disabled, it is refused at login.
 */
const portalServer = usePortal();
const post = (lang: Language, name: string) => text(STATIC_ACCESS.posts[name]!.label, lang);
const ADMINISTRATION = { 'zh-CN': '系统管理', 'en-US': 'Administration' } as const;

describe('account management', () => {
  for (const lang of ['zh-CN', 'en-US'] as Language[]) {
    it(`a customer admin creates an account that sets its password from the mail, logs in with its role only, and is disabled (${lang})`, async () => {
      const tag = lang === 'zh-CN' ? 'zh' : 'en';
      const account = `viewer.${tag}`;
      const email = `viewer.${tag}@example.com`;
      const password = `Viewer#${tag}2026`;

      const admin = await portalServer.open(lang, '/accountPost/index');
      const { page } = admin;
      await admin.logIn('admin', DEMO_PASSWORD);
      await page.waitForURL(/\/accountPost\/index$/);
      await page.getByTestId('new-account').click();
      const form = page.getByTestId('managed-account-form');
      await form.locator('#root_account').waitFor();
      // Bad input first: the schema's messages under the fields, in the page's language.
      await form.locator('#root_userName').fill('ab');
      await form.locator('#root_mobile').fill('123');
      await admin.dialog().getByRole('button', { name: ui(lang, 'accountPosts.save') }).click();
      await admin.seeText(lang === 'zh-CN' ? '用户名长度为 3–50 个字符' : 'The user name has 3 to 50 characters', form);
      await admin.seeText(lang === 'zh-CN' ? '请输入 11 位中国大陆手机号码' : 'Enter an 11-digit mainland China mobile number', form);
      await admin.shot('account-form-errors');
      await form.locator('#root_account').fill(account);
      await form.locator('#root_userName').fill(`Viewer ${tag.toUpperCase()}`);
      // A corrected field loses its message at once.
      const nameMessage = form.getByText(lang === 'zh-CN' ? '用户名长度为 3–50 个字符' : 'The user name has 3 to 50 characters');
      await expect.poll(() => nameMessage.count(), POLL).toBe(0);
      // An email another account has: the server's message under the field.
      await form.locator('#root_email').fill('admin@demo.portico.dev');
      await form.locator('#root_mobile').fill(lang === 'zh-CN' ? '13911112222' : '13911113333');
      await admin.dialog().getByRole('button', { name: ui(lang, 'accountPosts.save') }).click();
      await admin.seeText(MESSAGES.EMAIL_TAKEN[lang], form);
      await form.locator('#root_email').fill(email);
      await form.locator('#root_mobile').fill(lang === 'zh-CN' ? '13911112222' : '13911113333');
      await form.locator('#root_department').fill(lang === 'zh-CN' ? '质量部' : 'Quality');
      await form.getByText(post(lang, 'viewer'), { exact: true }).click();
      await admin.shot('account-form');
      await admin.dialog().getByRole('button', { name: ui(lang, 'accountPosts.save') }).click();
      await admin.seeText(ui(lang, 'accountPosts.created', { account, email }));
      const row = page.getByTestId('account-posts').locator('tr', { hasText: email });
      await admin.seeText(ui(lang, 'accountPosts.states.enabled'), row);
      await admin.shot('account-management');

      // The mail's link fills the email and code of the password form: the account only chooses its password.
      const { rows } = await portalServer.db.query<{ body: string }>('select body from outbox where to_address = $1 order by id desc limit 1', [email]);
      const link = new URL(/(\S+\/retrievePassword\?\S+)/.exec(rows[0]!.body)![1]!);
      const user = await portalServer.open(lang);
      await user.page.goto(`${portalServer.url}${link.pathname}${link.search}`);
      await expect.poll(() => user.page.locator('#account-code').inputValue(), POLL).toBe(link.searchParams.get('code'));
      await user.page.locator('#account-password').fill(password);
      await user.page.locator('#account-passwordRepeat').fill(password);
      await user.shot('set-password');
      await user.page.getByTestId('account-submit').click();
      await user.page.waitForURL(/\/login\?passwordReset=1$/);
      await user.logIn(account, password);
      const menu = user.page.getByTestId('main-menu');
      await menu.getByText(ui(lang, 'route.dashboard'), { exact: true }).waitFor();
      expect(await menu.getByText(ADMINISTRATION[lang], { exact: true }).count(), 'no administration for a viewer').toBe(0);
      await user.shot('viewer-home');

      // Disabled by the admin: the account's session ends and its login is refused with the reason.
      await row.getByTestId(`disable-${account}`).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: ui(lang, 'accountPosts.disable') }).click();
      await admin.seeText(ui(lang, 'accountPosts.states.disabled'), row);
      await admin.shot('account-disabled');
      await user.page.reload();
      await user.page.waitForURL(/\/login/);
      await user.submitLogin(account, password);
      await user.seeText(MESSAGES.ACCOUNT_DISABLED[lang]);
      await user.shot('login-disabled');
      for (const p of [admin, user]) await p.page.context().close();
    });
  }

  for (const lang of ['zh-CN', 'en-US'] as Language[]) {
    it(`a customer admin authorizes an account for a customer list, the scope's field required (${lang})`, async () => {
      const account = lang === 'zh-CN' ? 'applicant' : 'newcomer';
      const admin = await portalServer.open(lang, '/accountPer/authority');
      const { page } = admin;
      await admin.logIn('admin', DEMO_PASSWORD);
      await page.waitForURL(/\/accountPer\/authority$/);
      await admin.button(ui(lang, 'renderer.list.new')).click();
      await page.waitForURL(/\/accountPer\/authority\/form$/);
      await admin.pick('root_account', `(${account})`);
      await admin.pick('root_scope', lang === 'zh-CN' ? '客户列表' : 'Customer list');
      await page.getByTestId('form-save').click();
      await admin.seeText(lang === 'zh-CN' ? '授权范围为客户列表时，请至少选择一个客户' : 'With a customer list scope, choose at least one customer');
      await admin.shot('authorization-form-errors');
      const customer = (await admin.pick('root_customers')).trim();
      await page.keyboard.press('Escape');
      await page.getByTestId('form-save').click();
      await page.waitForURL(/\/accountPer\/authority\/detail\?id=/);
      await admin.seeText(customer);
      await admin.shot('authorization-detail');
      await page.goto(`${portalServer.url}/accountPer/authority`);
      await admin.seeText(account, page.locator('.ant-table'));
      await admin.shot('authorization-list');
      await page.context().close();
    });
  }
});
