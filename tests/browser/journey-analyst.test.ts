import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { text, type Language } from '../../engine/index.ts';
import MENU from '../../schemas/_menu/menu.json';
import ROLES from '../../schemas/_access/roles.json';
import { usePortal } from './portal-server.ts';
import { expectNoInternalCodes, POLL, type PortalPage } from './portal-page.ts';
import { choose, createTemplate, describeField, drag } from './designer-steps.ts';
import { ui } from './portal-texts.ts';

/**
 * Issue 53, the business analyst's journey in both languages, with the in-product form designer:
 * the analyst designs a form with a nested object (a group of contact fields) and an array (a
 * table of products), publishes it to the Supply chain menu for suppliers; a supplier finds it
 * there, fills it and saves a record; the analyst renames the group's phone field in version 2,
 * compares the versions, previews the migration, publishes and migrates; the supplier's record
 * shows its phone number under the new field.
 */
const portalServer = usePortal();
const GROUP = MENU.groups.find((g) => g.id === 'supplyChain')!.label;
const ROLE = ROLES.roles.supplier.label;
const both = (zh: string, en: string): Record<Language, string> => ({ 'zh-CN': zh, 'en-US': en });
const L = {
  // Each run's template has a name of its own: the other run's stays in the supplier's menu.
  template: { 'zh-CN': both('工厂自评表', 'Factory self-assessment'), 'en-US': both('验厂问卷', 'Factory audit questionnaire') },
  factory: both('工厂名称', 'Factory name'),
  contact: both('联系人', 'Contact'),
  name: both('姓名', 'Name'),
  phone: both('电话', 'Phone'),
  mobile: both('手机', 'Mobile'),
  products: both('产品', 'Products'),
  productName: both('产品名称', 'Product name'),
};
/** What the supplier enters (the phone number is what version 2 moves). */
const ENTRIES = {
  'zh-CN': { factory: '东莞针织厂', name: '李伟', phone: '13800138000', product: '纯棉T恤' },
  'en-US': { factory: 'Dongguan Knit Works', name: 'Li Wei', phone: '13900139000', product: 'Cotton T-shirt' },
};

/** A field dropped from the palette into a container (root, group or table), then given its key and labels. */
async function addField(page: Page, type: string, zone: string, added: string, key: string, label: Record<Language, string>): Promise<void> {
  await drag(page, `palette-${type}`, `canvas-zone-${zone}`);
  await page.getByTestId(`canvas-field-${added}`).waitFor();
  await describeField(page, added, key, label);
}

/** Opens the publish dialog, checks or sets the placement, and publishes. */
async function publish(analyst: PortalPage, version: number, placement: (dialog: Locator) => Promise<void>): Promise<void> {
  const { page, lang } = analyst;
  await page.getByTestId('designer-publish').click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.waitFor();
  await analyst.seeText(ui(lang, 'designer.publishDialog.title', { version }), analyst.dialog());
  await placement(dialog);
  await analyst.shot(`journey-analyst-publish-v${version}`, false);
  await page.locator('#publish-confirm').click();
  await analyst.seeText(ui(lang, 'designer.status.published', { version }));
}

/** Version 1: the title relabelled, a contact group (nested object) of two fields and a products table (array of objects). */
async function designVersion1(analyst: PortalPage, code: string): Promise<void> {
  const { page, lang } = analyst;
  const names = L.template[lang];
  await createTemplate(page, code, { zh: names['zh-CN'], en: names['en-US'] }, ui(lang, 'designer.list.create'));
  await describeField(page, 'title', 'title', L.factory);
  await addField(page, 'section', 'root', 'section1', 'contact', L.contact);
  await addField(page, 'table', 'root', 'table1', 'products', L.products);
  await addField(page, 'text', 'contact', 'contact.text1', 'name', L.name);
  await addField(page, 'text', 'contact', 'contact.text1', 'phone', L.phone);
  await addField(page, 'text', 'products', 'products.text1', 'productName', L.productName);
  await analyst.seeText(ui(lang, 'designer.problems.none'));
  await analyst.shot('journey-analyst-designer');
  // The preview draws the group's and the table's fields, as the supplier will see them.
  await page.getByRole('tab', { name: ui(lang, 'designer.tabs.preview') }).click();
  const preview = page.getByTestId('designer-preview');
  await analyst.seeText(L.phone[lang], preview);
  await analyst.seeText(L.products[lang], preview);
}

/** As the supplier: the form from the menu, filled and saved; returns the record's id. */
async function fillAsSupplier(supplier: PortalPage, label: string): Promise<string> {
  const { page, lang } = supplier;
  const entry = ENTRIES[lang];
  await supplier.openMenuEntry(text(GROUP, lang), label);
  await page.waitForURL(/\/form\/\w+\/list/);
  await page.getByTestId('list-new').click();
  await page.waitForURL(/\/form\/\w+\/form/);
  await page.locator('#root_title').fill(entry.factory);
  await page.locator('#root_contact_name').fill(entry.name);
  await page.locator('#root_contact_phone').fill(entry.phone);
  await page.locator('.rjsf-array-item-add').first().click();
  await page.locator('#root_products_0_productName').fill(entry.product);
  await supplier.shot('journey-analyst-supplier-form');
  await supplier.save(ui(lang, 'renderer.form.save'));
  await page.waitForURL(/\/detail\?id=/);
  const detail = page.getByTestId('entity-detail');
  await supplier.seeText(entry.phone, detail);
  await supplier.seeText(entry.product, detail);
  await supplier.seeText(L.phone[lang], detail);
  return new URL(page.url()).searchParams.get('id')!;
}

/** Version 2: the contact's phone renamed mobile; the diff and the migration preview before publishing. */
async function designVersion2(analyst: PortalPage, recordId: string): Promise<void> {
  const { page, lang } = analyst;
  await page.getByTestId('designer-new-version').click();
  await analyst.seeText(ui(lang, 'designer.status.draft', { version: 2 }));
  await page.getByRole('tab', { name: ui(lang, 'designer.tabs.canvas') }).click();
  await describeField(page, 'contact.phone', 'mobile', L.mobile);
  await page.getByTestId('designer-save').click();
  await analyst.seeText(ui(lang, 'designer.saved.ok'));
  await page.getByRole('tab', { name: ui(lang, 'designer.tabs.versions') }).click();
  // The rename the designer recorded, and the diff naming it (nothing added or removed).
  await analyst.seeText('contact.phone', page.getByTestId('designer-renames'));
  await page.getByTestId('designer-diff').click();
  const diff = page.getByTestId('designer-diff-result');
  const row = (key: string) => diff.locator('tr', { hasText: ui(lang, `designer.versions.${key}`) }).locator('td');
  await expect.poll(() => row('renamed').textContent(), POLL).toBe('contact.phone → contact.mobile');
  expect(await row('added').textContent()).toBe('—');
  expect(await row('removed').textContent()).toBe('—');
  await page.getByTestId('designer-migration-preview').click();
  await analyst.seeText(ui(lang, 'designer.versions.counts', { total: 1, unchanged: 0, migrate: 1, blocked: 0, archived: 0 }));
  await analyst.seeText(ui(lang, 'designer.versions.outcome_migrate'), page.locator('tr', { hasText: recordId }));
  await analyst.shot('journey-analyst-v2-diff');
}

describe('the business analyst journey (issue 53)', () => {
  it.each<Language>(['zh-CN', 'en-US'])('an analyst designs a form with a group and a table, publishes it to suppliers, who fill it; version 2 renames a field and migrates the record (%s)', async (lang) => {
    const code = lang === 'zh-CN' ? 'factoryAuditZh' : 'factoryAuditEn';
    const label = L.template[lang][lang];
    const analyst = await portalServer.signedIn('staff', lang, '/form/list');
    const { page } = analyst;
    await designVersion1(analyst, code);

    // Published to the Supply chain group for suppliers (the dialog's declared labels).
    await publish(analyst, 1, async (dialog) => {
      await choose(page, dialog.getByTestId('publish-group'), text(GROUP, lang));
      await dialog.getByTestId('publish-roles').getByLabel(text(ROLE, lang), { exact: true }).check();
    });

    // A supplier finds it in the menu, fills it and saves a record.
    const supplier = await portalServer.signedIn('supplier', lang);
    const recordId = await fillAsSupplier(supplier, label);
    await supplier.shot('journey-analyst-supplier-record');

    // Version 2, published where version 1 was (the dialog starts from its placement), then migrated.
    await designVersion2(analyst, recordId);
    await publish(analyst, 2, async (dialog) => {
      expect(await dialog.getByTestId('publish-roles').getByLabel(text(ROLE, lang), { exact: true }).isChecked()).toBe(true);
      await analyst.seeText(text(GROUP, lang), dialog.getByTestId('publish-group'));
    });
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.versions') }).click();
    await page.getByTestId('designer-migration-run').click();
    await analyst.seeText(ui(lang, 'designer.versions.done', { migrated: 1, kept: 0, archived: 0 }));
    await analyst.shot('journey-analyst-migrated');

    // The supplier's record, now of version 2: the phone number under the renamed field.
    // Its history says the form version moved, by the analyst (not the migration's raw payload).
    await supplier.page.reload();
    const detail = supplier.page.getByTestId('entity-detail');
    await supplier.seeText(L.mobile[lang], detail);
    await supplier.seeText(ENTRIES[lang].phone, detail);
    expect(await detail.getByText(L.phone[lang], { exact: true }).count()).toBe(0);
    await supplier.seeText(ui(lang, 'renderer.history.templateMigration', { from: 1, to: 2 }), supplier.page.getByTestId('history'));
    await expectNoInternalCodes(supplier.page);
    await supplier.shot('journey-analyst-record-v2');
    const stored = await supplier.api<{ templateVersion: number; doc: { contact: Record<string, string> } }>('GET', `/api/entities/${code}/${recordId}`);
    expect(stored.templateVersion).toBe(2);
    expect(stored.doc.contact).toEqual({ name: ENTRIES[lang].name, mobile: ENTRIES[lang].phone });
    await supplier.page.context().close();
    await page.context().close();
  });
});
