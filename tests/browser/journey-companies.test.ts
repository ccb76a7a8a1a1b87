import { describe, expect, it } from 'vitest';
import { createStaticRegistry, type Language } from '../../engine/index.ts';
import { COMPANY_RECORDS_FROM_ROWS } from '../../server/db/migrations.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * Issue 53, the companies journey in both languages: a self-registered company approved by staff
 * gets a customer number, and a customer granting an authorization finds it by that number in
 * the company picker; a TRF's buyer picker lists buyers only.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const company = registry.get('company');

/** The labels of a select's open options (its listbox is `<input id>_list`). */
async function optionLabels(page: import('playwright-core').Page, inputId: string): Promise<string[]> {
  const dropdown = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden):has([id="${inputId}_list"])`);
  await dropdown.locator('.ant-select-item-option').first().waitFor();
  return dropdown.locator('.ant-select-item-option').allTextContents();
}

describe('the companies journey', () => {
  it.each<Language>(['zh-CN', 'en-US'])('a company approved by staff is found by its customer number; a TRF lists buyers only (%s)', async (lang) => {
    const texts = entityTexts(company, lang);
    // A company and its first account as self-registration leaves them, waiting for the provider.
    const id = `c-journey-${lang}`;
    const name = `${lang} 自助注册公司`;
    await portalServer.db.query("insert into companies (id, name, roles, approval_status) values ($1, $2, '{applicant}', 'todo')", [id, name]);
    await portalServer.db.exec(COMPANY_RECORDS_FROM_ROWS);

    // Staff approve it: the detail shows its new customer number.
    const staff = await portalServer.signedIn('staff', lang, `/customer/detail?id=${id}`);
    await staff.page.waitForURL(/\/customer\/detail\?id=/);
    await expect.poll(() => staff.stateTag(), POLL).toBe(texts.status('todo'));
    await staff.act(texts.action('APPROVE'), async (d) => {
      await staff.button(texts.action('APPROVE'), d).click();
    });
    await expect.poll(() => staff.stateTag(), POLL).toBe(texts.status('approved'));
    const number = (await portalServer.db.query<{ customer_no: string }>('select customer_no from companies where id = $1', [id])).rows[0]!.customer_no;
    expect(number).toMatch(/^C\d{10}$/);
    await staff.seeText(number, staff.page.getByTestId('entity-detail'));
    await staff.shot('journey-company-approved');

    await staff.page.context().close();

    // A customer grants the new company an authorization, finding it by its customer number.
    const buyer = await portalServer.signedIn('buyer', lang, '/customer/authority/form');
    await buyer.page.waitForURL(/\/customer\/authority\/form$/);
    const picker = buyer.page.locator('#root_grantee_companyId');
    await picker.click();
    await picker.fill(number);
    await expect.poll(() => optionLabels(buyer.page, 'root_grantee_companyId'), POLL).toEqual([name]);
    await buyer.shot('journey-picker-by-number', false);
    await buyer.page.locator('.ant-select-item-option', { hasText: name }).click();
    await expect.poll(() => buyer.page.locator('#root_grantee_customerNo').inputValue(), POLL).toBe(number);
    await buyer.page.context().close();

    // The TRF's buyer picker lists buyers only: not the provider's lab, not the applicant or the new company.
    const applicant = await portalServer.signedIn('applicant', lang, '/trf/trfForm');
    await applicant.page.waitForURL(/\/trf\/trfForm/);
    await applicant.page.locator('#root_buyer_companyId').click();
    const buyers = await optionLabels(applicant.page, 'root_buyer_companyId');
    await applicant.shot('journey-trf-buyers', false);
    expect(buyers).toEqual([lang === 'zh-CN' ? '演示买家有限公司' : 'Demo Buyer Co., Ltd.']);
    // The applicant picker beside it still lists every company.
    await applicant.page.keyboard.press('Escape');
    await applicant.page.locator('#root_applicant_companyId').click();
    expect((await optionLabels(applicant.page, 'root_applicant_companyId')).length).toBeGreaterThan(1);
    await applicant.page.context().close();
  });
});
