import { describe, expect, it } from 'vitest';
import { createStaticRegistry, type Language } from '../../engine/index.ts';
import { COMPANY_RECORDS_FROM_ROWS } from '../../server/db/migrations.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { expectNoInternalCodes, POLL } from './portal-page.ts';

const portalServer = usePortal();

const company = createStaticRegistry().get('company');
/** The menu's own labels of the company pages (schemas/_menu/menu.json and the entity's `menu.label`). */
const MENU_LABELS = {
  management: { 'zh-CN': '客户管理', 'en-US': 'Customer management' },
  admin: { 'zh-CN': '系统管理', 'en-US': 'Administration' },
} as const;

/**
 * Companies in the browser (issue 14), in both languages: a customer admin edits their company
 * at /company/info (the tax number's check character refused in the language), and staff
 * refuse (a reason required) and approve companies waiting at /customer/management.
 */
describe('companies in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('a customer admin edits their company; staff refuse and approve customers (%s)', async (lang) => {
    const texts = entityTexts(company, lang);
    // Two companies waiting for the provider, as registration leaves them.
    const waiting = [`c-wait-a-${lang}`, `c-wait-b-${lang}`];
    for (const [i, id] of waiting.entries()) {
      await portalServer.db.query("insert into companies (id, name, roles, approval_status) values ($1, $2, '{applicant}', 'todo')", [id, `${lang} 待审公司 ${i + 1}`]);
    }
    await portalServer.db.exec(COMPANY_RECORDS_FROM_ROWS);

    const portal = await portalServer.signedIn('admin', lang, '/company/info');
    const { page } = portal;
    await page.waitForURL(/\/company\/info$/);
    await portal.seeText('演示申请方有限公司', page.getByTestId('entity-detail'));
    await portal.seeText(texts.field('taxNo'));
    await portal.shot('company-info');

    // Edit: a wrong check character is refused in the language, a right one saved.
    await portal.button(ui(lang, 'renderer.detail.edit')).click();
    await page.waitForURL(/\/company\/form\?id=c-applicant/);
    const nameEn = `Demo Applicant ${lang}`;
    await page.locator('#root_nameEn').fill(nameEn);
    await page.locator('#root_taxNo').fill('91440300708461136X');
    await portal.save(ui(lang, 'renderer.form.save'));
    await portal.seeText(lang === 'zh-CN' ? '不是有效的统一社会信用代码' : 'is not a valid unified social credit code');
    await portal.shot('company-form-invalid', false);
    await page.locator('#root_taxNo').fill(lang === 'zh-CN' ? '91440300708461136T' : '91110000802100433B');
    await portal.save(ui(lang, 'renderer.form.save'));
    await page.waitForURL(/\/customer\/detail\?id=c-applicant/);
    await portal.seeText(nameEn, page.getByTestId('entity-detail'));
    await expectNoInternalCodes(page);
    await portal.logOut();

    // Staff: the customer list with approval states; refuse one (a reason is required), approve the other.
    await portal.logIn('staff', PASSWORD);
    await portal.openMenuEntry(MENU_LABELS.admin[lang], MENU_LABELS.management[lang]);
    await page.waitForURL(/\/customer\/management/);
    const first = page.locator('tr', { hasText: `${lang} 待审公司 1` });
    await portal.seeText(texts.status('todo'), first);
    await portal.shot('customer-management');
    await page.getByRole('link', { name: `${lang} 待审公司 1` }).click();
    await page.waitForURL(/\/customer\/detail\?id=/);
    await expect.poll(() => portal.stateTag(), POLL).toBe(texts.status('todo'));
    await portal.button(texts.action('REFUSE'), page.getByTestId('detail-actions')).click();
    const dialog = portal.dialog();
    // The dialog's OK button carries the action's label (antd spaces out a two-character Chinese label: "拒 绝").
    const refuse = dialog.locator('.ant-modal-footer button').last();
    await expect.poll(async () => ((await refuse.textContent()) ?? '').replace(/\s/g, ''), POLL).toBe(texts.action('REFUSE'));
    await refuse.click();
    await portal.seeText(lang === 'zh-CN' ? '请填写“拒绝原因”' : 'Please fill in "Reason for refusal"', dialog);
    await dialog.locator('textarea').fill(lang === 'zh-CN' ? '营业执照已过期' : 'Business licence expired');
    await portal.shot('refuse-dialog', false);
    await refuse.click();
    await portal.seeText(ui(lang, 'renderer.detail.actionDone', { action: texts.action('REFUSE') }));
    await expect.poll(() => portal.stateTag(), POLL).toBe(texts.status('refused'));
    await portal.seeText(lang === 'zh-CN' ? '营业执照已过期' : 'Business licence expired', page.getByTestId('entity-detail'));

    await page.goto(`${portalServer.url}/customer/detail?id=${waiting[1]}`);
    await expect.poll(() => portal.stateTag(), POLL).toBe(texts.status('todo'));
    await portal.act(texts.action('APPROVE'), async (d) => {
      await portal.seeText(texts.confirm('APPROVE'), d);
      await portal.button(texts.action('APPROVE'), d).click();
    });
    await expect.poll(() => portal.stateTag(), POLL).toBe(texts.status('approved'));
    await portal.shot('customer-approved');
    const { rows } = await portalServer.db.query<{ id: string; approval_status: string }>('select id, approval_status from companies where id = any($1::text[]) order by id', [waiting]);
    expect(rows.map((r) => r.approval_status)).toEqual(['refused', 'approved']);

    // The offline registration form: a new customer with its first account.
    await page.goto(`${portalServer.url}/customer/offlineRegister/offlineCustomer`);
    await portal.seeText(texts.field('firstAccount'));
    await portal.shot('offline-register');
    await page.goto(`${portalServer.url}/customer/thirdLabRegister/thirdLabRegister`);
    await portal.seeText(texts.field('contacts'));
    await portal.shot('third-lab-register');
    await expectNoInternalCodes(page);
  });
});
