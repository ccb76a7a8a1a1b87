import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkedSchema, message, validateForm, type Language } from '../../engine/index.ts';
import groupSchema from '../../schemas/template/customer-group.schema.json' with { type: 'json' };
import { DEMO_COMPANIES } from '../../server/seed/demo-data.ts';
import { usePortal } from './portal-server.ts';
import { POLL, type PortalPage } from './portal-page.ts';
import { publishFromDesigner } from './designer-steps.ts';
import { ui } from './portal-texts.ts';

/**
 * The template setting page and the customer templates: staff
 * create a customer group and a template setting, edit and delete it, and check which DFF
 * template a buyer gets (with the SPEC messages); staff make a material template with the form
 * designer; an applicant gets 403 on the setting page and sees published templates read-only.
 */
const portalServer = usePortal();

const company = (id: string, lang: Language) => {
  const c = DEMO_COMPANIES.find((x) => x.id === id)!;
  return lang === 'en-US' ? c.nameEn : c.name;
};

/** Sizes every page is looked at (the shell's 1200 and 768 px breakpoints). */
async function shots(portal: PortalPage, name: string): Promise<void> {
  for (const width of [1200, 768]) {
    await portal.page.setViewportSize({ width, height: 900 });
    await portal.shot(`${name}-${width}`);
  }
  await portal.page.setViewportSize({ width: 1366, height: 900 });
}

async function check(portal: PortalPage, buyer?: string, trfTemplate?: string): Promise<void> {
  const { page } = portal;
  const form = page.getByTestId('resolve-check');
  for (const [id, label] of [['resolve-buyer', buyer], ['resolve-template', trfTemplate]] as const) {
    const clear = form.locator(`.ant-select:has(#${id}) .ant-select-clear`);
    if (await clear.count()) {
      await page.locator(`#${id}`).hover();
      await clear.click();
    }
    if (label) await portal.pick(id, label);
  }
  await page.getByTestId('resolve-run').click();
}

const tab = (page: Page, lang: Language, key: string) => page.getByTestId('template-setting').getByRole('tab', { name: ui(lang, `templateSetting.tabs.${key}`) }).click();

/** The names one run of the flows creates, apart per language so that runs never collide. */
const names = (lang: Language) => {
  const suffix = lang === 'zh-CN' ? 'ZH' : 'EN';
  return {
    suffix,
    groupCode: `CG-TOYS-${suffix}`,
    groupName: lang === 'zh-CN' ? `玩具客户组${suffix}` : `Toy brands ${suffix}`,
    materialCode: `fabric${suffix === 'ZH' ? 'Zh' : 'En'}`,
    dffCode: `toyDff${suffix === 'ZH' ? 'Zh' : 'En'}`,
    textile: lang === 'zh-CN' ? '纺织品通用测试' : 'Textiles — general testing',
  };
};

// Each long flow runs in one language (CI time), the two languages alternating across the flows.
describe('template setting and customer templates', () => {
  it.each<Language>(['zh-CN'])('staff bind a DFF template to a new customer group, edit and delete it, and check what buyers get (%s)', async (lang) => {
    const { suffix, groupCode, groupName, dffCode, textile } = names(lang);
    const portal = await portalServer.signedIn('staff', lang, '/template/template-setting');
    const { page } = portal;
    await page.getByTestId('template-setting').waitFor();
    await portal.seeText(ui(lang, 'templateSetting.title'));

    // A customer group: the server's own field message for a bad code, then a good one.
    await tab(page, lang, 'groups');
    await page.getByTestId('group-new').click();
    const groupForm = page.getByTestId('group-form');
    await page.locator('#group-code').fill('toys');
    await page.locator('#group-nameZh').fill(`玩具客户组${suffix}`);
    await page.locator('#group-nameEn').fill(`Toy brands ${suffix}`);
    await portal.button(ui(lang, 'templateSetting.groups.create')).click();
    const expected = validateForm(checkedSchema(groupSchema, 'schemas/template/customer-group.schema.json'), { code: 'toys', nameZh: `玩具客户组${suffix}`, nameEn: `Toy brands ${suffix}` }, lang);
    expect(expected.map((e) => e.field)).toEqual(['code']);
    await portal.seeText(expected[0]!.message, groupForm);
    await portal.shot('template-setting-group-error');
    await page.locator('#group-code').fill(groupCode);
    await portal.button(ui(lang, 'templateSetting.groups.create')).click();
    await portal.seeText(ui(lang, 'templateSetting.groups.created'));
    await expect.poll(() => page.getByTestId('group-table').getByText(groupCode, { exact: true }).count(), POLL).toBe(1);
    await shots(portal, 'template-setting-groups');

    // A DFF template, made in the designer from the settings tab and published there.
    await tab(page, lang, 'settings');
    await page.getByTestId('dff-new').click();
    await page.locator('#customer-template-code').fill(dffCode);
    await page.locator('#customer-template-zh').fill(`玩具 DFF ${suffix}`);
    await page.locator('#customer-template-en').fill(`Toy DFF ${suffix}`);
    await portal.button(ui(lang, 'designer.list.create')).click();
    await page.waitForURL((u) => u.pathname === '/form/design' && u.searchParams.get('code') === dffCode);
    await publishFromDesigner(page);
    await portal.seeText(ui(lang, 'designer.status.published', { version: 1 }));
    await page.goto(`${portalServer.url}/template/template-setting`);

    // A setting for the new group, from the group's "view settings" link.
    await tab(page, lang, 'groups');
    await page.getByTestId(`group-settings-${groupCode}`).click();
    await page.getByTestId('setting-new').click();
    await portal.pick('setting-templateCode', `(${dffCode})`);
    await portal.pick('setting-customerGroup', groupCode);
    await page.locator('#setting-productLine').fill('HL');
    await page.locator('#setting-isDefault').click();
    await portal.shot('template-setting-drawer');
    await page.getByTestId('setting-save').click();
    await portal.seeText(ui(lang, 'templateSetting.saved'));
    const table = page.getByTestId('setting-table');
    const row = table.locator('tr', { hasText: groupName });
    await expect.poll(() => row.count(), POLL).toBe(1);
    await expect.poll(() => row.textContent(), POLL).toContain(ui(lang, 'templateSetting.default'));

    // Edit: a test package; the row shows it.
    await row.getByRole('button', { name: ui(lang, 'templateSetting.edit') }).click();
    await expect.poll(() => page.locator('#setting-productLine').inputValue(), POLL).toBe('HL');
    await page.locator('#setting-testPackage').fill('EN71');
    await page.getByTestId('setting-save').click();
    await expect.poll(() => row.textContent(), POLL).toContain('EN71');

    // A setting for the demo buyer itself, for its textile TRFs.
    await page.getByTestId('setting-group-filter').hover();
    await page.getByTestId('setting-group-filter').locator('.ant-select-clear').click();
    await page.getByTestId('setting-new').click();
    await portal.pick('setting-templateCode', `(${dffCode})`);
    await portal.pick('setting-customerId', company('c-buyer', lang));
    await portal.pick('setting-trfTemplateId', textile);
    await page.getByTestId('setting-save').click();
    const buyerRow = table.locator('tr', { hasText: company('c-buyer', lang) });
    await expect.poll(() => buyerRow.count(), POLL).toBe(1);
    await shots(portal, 'template-setting-list');

    // Which template would a buyer get: the demo buyer's own setting.
    await tab(page, lang, 'check');
    await check(portal, company('c-buyer', lang));
    const result = page.getByTestId('resolve-result');
    await expect.poll(() => page.getByTestId('resolve-template-name').textContent(), POLL).toBe(
      ui(lang, 'templateSetting.check.templateVersion', { label: lang === 'zh-CN' ? `玩具 DFF ${suffix}` : `Toy DFF ${suffix}`, code: dffCode, version: 1 }),
    );
    await portal.seeText(ui(lang, 'templateSetting.check.scopeCustomer'), result);
    // Another TRF template chosen: the buyer's setting replaces it (SPEC 'template replaced by buyer').
    await check(portal, company('c-buyer', lang), lang === 'zh-CN' ? '鞋类测试' : 'Footwear testing');
    await portal.seeText(message('TEMPLATE_REPLACED_BY_BUYER', lang, { buyer: company('c-buyer', lang), template: textile }), page.getByTestId('resolve-replaced'));
    await shots(portal, 'template-setting-check');
    // A buyer in no customer group, and no buyer at all: the SPEC messages.
    await check(portal, company('c-supplier', lang));
    const refused = page.getByTestId('resolve-refused');
    await portal.seeText(message('BUYER_NO_CUSTOMER_GROUP', lang, { buyer: company('c-supplier', lang) }), refused);
    await expect.poll(() => result.count(), POLL).toBe(0);
    await portal.shot('template-setting-no-group');
    await check(portal);
    await portal.seeText(message('TEMPLATE_MISSING_BUYER', lang), refused);

    // The supplier joins the new group: its TRFs now take the group's template; then it leaves again.
    await tab(page, lang, 'groups');
    await page.getByTestId('group-table').locator('tr', { hasText: groupCode }).locator('.ant-table-row-expand-icon').click();
    const members = page.getByTestId(`group-members-${groupCode}`);
    await portal.seeText(ui(lang, 'templateSetting.groups.noMembers'), members);
    await portal.pick(`group-member-${groupCode}`, company('c-supplier', lang));
    await page.getByTestId(`group-member-add-${groupCode}`).click();
    await portal.seeText(ui(lang, 'templateSetting.groups.memberAdded'));
    await portal.seeText(company('c-supplier', lang), members.locator('.ant-tag'));
    await shots(portal, 'template-setting-members');
    await tab(page, lang, 'check');
    await check(portal, company('c-supplier', lang));
    await expect.poll(() => page.getByTestId('resolve-template-name').textContent(), POLL).toBe(
      ui(lang, 'templateSetting.check.templateVersion', { label: lang === 'zh-CN' ? `玩具 DFF ${suffix}` : `Toy DFF ${suffix}`, code: dffCode, version: 1 }),
    );
    await portal.seeText(ui(lang, 'templateSetting.check.scopeGroup'), result);
    await tab(page, lang, 'groups');
    await members.locator('.ant-tag', { hasText: company('c-supplier', lang) }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: ui(lang, 'templateSetting.groups.remove') }).click();
    await portal.seeText(ui(lang, 'templateSetting.groups.noMembers'), members);

    // Delete both, each after the confirmation.
    await tab(page, lang, 'settings');
    for (const r of [row, buyerRow]) {
      await r.getByRole('button', { name: ui(lang, 'templateSetting.delete') }).click();
      await portal.seeText(ui(lang, 'templateSetting.deleteConfirm'));
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: ui(lang, 'templateSetting.delete') }).click();
      await expect.poll(() => r.count(), POLL).toBe(0);
    }
    await portal.seeText(ui(lang, 'templateSetting.deleted'));
  }, 360_000); // a long walk through three tabs and the designer, in a shared, loaded browser
  it.each<Language>(['en-US'])('staff make a material template with the form designer and see its detail (%s)', async (lang) => {
    const { materialCode } = names(lang);
    const portal = await portalServer.signedIn('staff', lang, '/customer/template/material');
    const { page } = portal;
    await page.getByTestId('customer-templates-material').waitFor();
    await shots(portal, 'customer-templates-material');
    await page.getByTestId('customer-template-new').click();
    await page.locator('#customer-template-code').fill(materialCode);
    await page.locator('#customer-template-zh').fill('面料物料');
    await page.locator('#customer-template-en').fill('Fabric material');
    await portal.button(ui(lang, 'designer.list.create')).click();
    await page.waitForURL((u) => u.pathname === '/form/design' && u.searchParams.get('code') === materialCode);
    await page.getByTestId('template-designer').waitFor();
    await publishFromDesigner(page);
    await portal.seeText(ui(lang, 'designer.status.published', { version: 1 }));

    await page.goto(`${portalServer.url}/customer/template/material`);
    const list = page.getByTestId('customer-template-list');
    await expect.poll(() => list.getByText(materialCode, { exact: true }).count(), POLL).toBe(1);
    // the product list holds product templates only
    await page.goto(`${portalServer.url}/customer/template/product`);
    await page.getByTestId('customer-templates-product').waitFor();
    await expect.poll(() => page.getByTestId('customer-template-list').getByText(materialCode, { exact: true }).count(), POLL).toBe(0);

    await page.goto(`${portalServer.url}/customer/template/material`);
    await page.getByTestId(`customer-template-detail-${materialCode}`).click();
    await page.getByTestId('template-detail').waitFor();
    const summary = page.getByTestId('template-detail-summary');
    await portal.seeText(ui(lang, 'designer.list.kind_material'), summary);
    await portal.seeText(ui(lang, 'customerTemplate.statusPublished'), page.getByTestId('template-detail-versions'));
    await expect.poll(() => page.getByTestId('template-detail-fields').getByText('title', { exact: true }).count(), POLL).toBe(1);
    await shots(portal, 'customer-template-detail');
    await page.getByTestId('template-detail-design').click();
    await page.waitForURL((u) => u.pathname === '/form/design' && u.searchParams.get('code') === materialCode);
  });

  // After the material flow, in its language: the applicant reads the template it published.
  it.each<Language>(['en-US'])('an applicant cannot open the template setting and sees published customer templates read-only (%s)', async (lang) => {
    const { materialCode } = names(lang);
    const portal = await portalServer.signedIn('applicant', lang, '/template/template-setting');
    const { page } = portal;
    await page.getByTestId('template-setting-forbidden').waitFor();
    await portal.seeText(ui(lang, 'templateSetting.noPermission'));
    await portal.shot('template-setting-403');

    await page.goto(`${portalServer.url}/customer/template/material`);
    const list = page.getByTestId('customer-template-list');
    await expect.poll(() => list.getByText(materialCode, { exact: true }).count(), POLL).toBe(1);
    await portal.seeText(ui(lang, 'customerTemplate.readOnly'));
    expect(await page.getByTestId('customer-template-new').count()).toBe(0);
    await page.getByTestId(`customer-template-detail-${materialCode}`).click();
    await page.getByTestId('template-detail').waitFor();
    await portal.seeText(ui(lang, 'customerTemplate.readOnly'));
    await expect.poll(() => page.getByTestId('template-detail-records').count(), POLL).toBe(1);
    expect(await page.getByTestId('template-detail-design').count()).toBe(0);
    await shots(portal, 'customer-template-detail-readonly');
  });
});
