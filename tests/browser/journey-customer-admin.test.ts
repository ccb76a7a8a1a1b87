import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FORMS, createStaticRegistry, text, STATIC_ACCESS, type Language } from '../../engine/index.ts';
import MENU from '../../schemas/_menu/menu.json';
import { seedDemoNetwork } from '../../server/seed/seed.ts';
import { DEMO_NETWORK } from '../../server/seed/demo-network.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { expectNoInternalCodes, POLL, type PortalPage } from './portal-page.ts';

/**
 * Issue 53, the customer admin's journey in both languages: a supplier's customer admin
 * (supplier.admin) creates an account with a post in Administration › Account management, disables
 * it and enables it again, and opens the account's history; then internal staff, who may register
 * companies, register an offline customer (with its first account, mailed a password link) and a
 * third-party lab from the Administration menu.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const company = registry.get('company');
const post = (lang: Language, name: string) => text(STATIC_ACCESS.posts[name]!.label, lang);
const group = (id: string, lang: Language) => text(MENU.groups.find((g) => g.id === id)!.label, lang);
/** The supplier's customer admin's name (server/seed/demo-network.ts). */
const ADMIN_NAME = DEMO_NETWORK.find((c) => c.id === 'c-supplier')!.accounts[0]!.userName;
const entry = (path: string, lang: Language) => text(MENU.pages.find((i) => i.path === path)!.label, lang);

beforeAll(async () => {
  // Setup the journey does not cover: the demo supply chain's companies and accounts (README), as
  // `npm start` seeds them, for the supplier's customer admin `supplier.admin`.
  await seedDemoNetwork(portalServer.db, registry);
});

/** Fills the company form's name and returns to the caller for the rest; saves it and waits for the new company's detail. */
async function saveCompany(staff: PortalPage, fill: () => Promise<void>): Promise<void> {
  await fill();
  await staff.save(ui(staff.lang, 'renderer.form.save'));
  await staff.page.waitForURL(/\/customer\/detail\?id=/);
}

describe('the customer admin journey (issue 53)', () => {
  it.each<Language>(['zh-CN', 'en-US'])('a supplier admin creates, disables and enables an account with a post; staff register an offline customer and a third-party lab (%s)', async (lang) => {
    const tag = lang === 'zh-CN' ? 'zh' : 'en';
    const account = `journey.${tag}`;
    const email = `journey.${tag}@example.com`;
    const submitter = post(lang, 'trfSubmitter');

    // The supplier's customer admin: Administration › Account management, a new account with a post.
    const admin = await portalServer.signedIn('supplier.admin', lang, '/wel/index');
    const { page } = admin;
    await admin.openMenuEntry(group('admin', lang), entry('/accountPost/index', lang));
    await page.waitForURL(/\/accountPost\/index$/);
    const table = page.getByTestId('account-posts');
    await admin.seeText('supplier.admin', table);
    await page.getByTestId('new-account').click();
    const form = page.getByTestId('managed-account-form');
    await form.locator('#root_account').fill(account);
    await form.locator('#root_userName').fill(`Journey ${tag.toUpperCase()}`);
    await form.locator('#root_email').fill(email);
    await form.locator('#root_mobile').fill(lang === 'zh-CN' ? '13922223333' : '13922224444');
    await admin.pick('root_accountType', text(ACCOUNT_FORMS.managedAccount.properties.accountType['x-enumLabels'].supplier, lang));
    await form.locator('#root_department').fill(lang === 'zh-CN' ? '质量部' : 'Quality');
    await form.getByText(submitter, { exact: true }).click();
    await admin.shot('journey-admin-account-form', false);
    await admin.dialog().getByRole('button', { name: ui(lang, 'accountPosts.save') }).click();
    await admin.seeText(ui(lang, 'accountPosts.created', { account, email }));
    const row = table.locator('tr', { hasText: email });
    await admin.seeText(ui(lang, 'accountPosts.states.enabled'), row);
    await admin.seeText(submitter, row.getByTestId(`posts-${account}`));

    // Disabled (asked to confirm), then enabled again: the row says so each time.
    await row.getByTestId(`disable-${account}`).click();
    await page.locator('.ant-popconfirm').getByText(ui(lang, 'accountPosts.disableConfirm', { account })).waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: ui(lang, 'accountPosts.disable') }).click();
    await admin.seeText(ui(lang, 'accountPosts.disabled', { account }));
    await admin.seeText(ui(lang, 'accountPosts.states.disabled'), row);
    await admin.shot('journey-admin-account-disabled', false);
    await row.getByTestId(`enable-${account}`).click();
    await admin.seeText(ui(lang, 'accountPosts.enabled', { account }));
    await admin.seeText(ui(lang, 'accountPosts.states.enabled'), row);

    // The account's history: the post it was given at its creation, then its disabling and enabling, each by whom.
    await row.getByRole('button', { name: ui(lang, 'accountPosts.history') }).click();
    const history = admin.dialog();
    await admin.seeText(ui(lang, 'accountPosts.historyTitle', { account }), history);
    const change = history.locator('tbody tr.ant-table-row');
    const state = (s: string) => ui(lang, `accountPosts.states.${s}`);
    await expect.poll(async () => (await change.allInnerTexts()).map((r) => r.split('\t').slice(1).map((c) => c.trim())), POLL).toEqual([
      [ADMIN_NAME, ui(lang, 'accountPosts.none'), submitter],
      [ADMIN_NAME, state('enabled'), state('disabled')],
      [ADMIN_NAME, state('disabled'), state('enabled')],
    ]);
    await admin.shot('journey-admin-account-history', false);
    await expectNoInternalCodes(page);
    await page.context().close();

    // Internal staff register an offline customer: the company approved at once, its first account mailed a password link.
    const texts = entityTexts(company, lang);
    const staff = await portalServer.signedIn('staff', lang, '/wel/index');
    const offline = { name: `${lang} 线下客户有限公司`, nameEn: `Offline Customer ${lang}`, account: `offline.${tag}`, email: `offline.${tag}@example.com` };
    await staff.openMenuEntry(group('admin', lang), entry('/customer/offlineRegister/offlineCustomer', lang));
    await staff.page.waitForURL(/\/customer\/offlineRegister\/offlineCustomer$/);
    await staff.seeText(texts.field('firstAccount'));
    await saveCompany(staff, async () => {
      await staff.page.locator('#root_name').fill(offline.name);
      await staff.page.locator('#root_nameEn').fill(offline.nameEn);
      await staff.page.locator('#root_firstAccount_account').fill(offline.account);
      await staff.page.locator('#root_firstAccount_userName').fill(`Offline ${tag.toUpperCase()}`);
      await staff.page.locator('#root_firstAccount_email').fill(offline.email);
      await staff.page.locator('#root_firstAccount_mobile').fill(lang === 'zh-CN' ? '13933334444' : '13933335555');
      await staff.shot('journey-staff-offline-customer', false);
    });
    await expect.poll(() => staff.stateTag(), POLL).toBe(texts.status('approved'));
    const detail = staff.page.getByTestId('entity-detail');
    await staff.seeText(offline.nameEn, detail);
    await staff.seeText(text(company.schema.properties.roles!.items!['x-enumLabels']!.applicant, lang), detail);
    // The first account's mail, as its owner would read it (the outbox table).
    const mails = await portalServer.db.query<{ body: string }>('select body from outbox where to_address = $1', [offline.email]);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.body).toMatch(/\/retrievePassword\?/);
    await staff.shot('journey-staff-offline-customer-detail', false);

    // And a third-party lab with a contact.
    const lab = { name: `${lang} 第三方检测实验室`, contact: lang === 'zh-CN' ? '彭工' : 'Peng' };
    await staff.openMenuEntry(group('admin', lang), entry('/customer/thirdLabRegister/thirdLabRegister', lang));
    await staff.page.waitForURL(/\/customer\/thirdLabRegister\/thirdLabRegister$/);
    await staff.seeText(texts.field('contacts'));
    await saveCompany(staff, async () => {
      await staff.page.locator('#root_name').fill(lab.name);
      if (!(await staff.page.locator('#root_contacts_0_name').count())) await staff.page.locator('[data-section=contacts] .rjsf-array-item-add').first().click();
      await staff.page.locator('#root_contacts_0_name').fill(lab.contact);
      await staff.page.locator('#root_contacts_0_email').fill(`lab.${tag}@example.com`);
      await staff.shot('journey-staff-third-lab', false);
    });
    await staff.seeText(lab.name, staff.page.getByTestId('entity-detail'));
    await staff.seeText(text(company.schema.properties.roles!.items!['x-enumLabels']!.thirdPartyLab, lang), staff.page.getByTestId('entity-detail'));
    await staff.seeText(lab.contact, staff.page.locator('[data-section=contacts]'));
    await staff.shot('journey-staff-third-lab-detail', false);

    // Both are in the customer list.
    await staff.openMenuEntry(group('admin', lang), text(company.entity.menu!.label, lang));
    await staff.page.waitForURL(/\/customer\/management/);
    const filters = staff.page.getByTestId('list-filters');
    await filters.locator('#filter-name').fill(lang);
    await filters.getByRole('button', { name: ui(lang, 'renderer.list.search') }).click();
    // (The name column shows each reader the name in their language: the offline customer's English name on the English page.)
    for (const name of [lang === 'en-US' ? offline.nameEn : offline.name, lab.name]) await staff.seeText(texts.status('approved'), staff.page.locator('tr', { hasText: name }));
    await staff.shot('journey-staff-customers', false);
    await expectNoInternalCodes(staff.page);
    await staff.page.context().close();
  });
});
