import { describe, expect, it } from 'vitest';
import { createStaticRegistry, message, productMenu, text, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * Supply chain in the browser (issue 14): a buyer invites its supplier from /scmProvider/index
 * (a contact without an email address first: the invitation is saved and the user told), the
 * supplier accepts on /scmReceiver/index, then submits a TRF naming that buyer, which the buyer
 * sees in its TRF list. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const relationship = registry.get('relationship');
const setting = registry.get('notificationSetting');
const MENU = productMenu();
const GROUP = MENU.groups.find((g) => g.id === 'supplyChain')!.label;
const COMPANY = MENU.groups.find((g) => g.id === 'company')!.label;
const BUYER = { 'zh-CN': '演示买家有限公司', 'en-US': 'Demo Buyer Co., Ltd.' } as const;
const SUPPLIER = { 'zh-CN': '演示供应商有限公司', 'en-US': 'Demo Supplier Co., Ltd.' } as const;

describe('supply chain in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('a buyer invites its supplier, the supplier accepts and submits a TRF the buyer then sees (%s)', async (lang) => {
    // One invitation per company, counterpart and kind: each language starts without it.
    await portalServer.db.query("delete from records where entity = 'relationship'");
    const rel = entityTexts(relationship, lang);
    const trf = trfTexts(lang);
    const receiver = text(relationship.entity.routes.partyLists![0]!.label, lang);

    const buyer = await portalServer.signedIn('buyer', lang, '/wel/index');
    await buyer.openMenuEntry(text(GROUP, lang), rel.entity);
    await buyer.page.waitForURL(/\/scmProvider\/index/);
    await buyer.button(ui(lang, 'renderer.list.new')).click();
    await buyer.page.waitForURL(/\/scmProvider\/form$/);
    await buyer.pick('root_kind', text(relationship.schema.properties.kind!['x-enumLabels']!.supplier, lang));
    await buyer.pick('root_counterpart_companyId', SUPPLIER[lang]);
    // The pick fills the company's contact; without an address the invitation cannot be mailed.
    const email = buyer.page.locator('#root_counterpart_contactEmail');
    await expect.poll(() => email.inputValue(), POLL).toBe('supplier@demo.portico.dev');
    await email.fill('');
    await buyer.pick('root_tier', text(relationship.schema.properties.tier!['x-enumLabels']!['1'], lang));
    await buyer.save(ui(lang, 'renderer.form.save'));
    await buyer.seeText(text(relationship.entity.mail!.relationshipInvited!.noRecipient, lang));
    await buyer.page.waitForURL(/\/scmProvider\/detail\?id=/);
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rel.status('invited'));
    await buyer.shot(`supply-chain-invited-${lang}`);
    await buyer.page.context().close();

    // The supplier finds the invitation among its customers and accepts it.
    const supplier = await portalServer.signedIn('supplier', lang, '/wel/index');
    await supplier.openMenuEntry(text(GROUP, lang), receiver);
    await supplier.page.waitForURL(/\/scmReceiver\/index/);
    await supplier.seeText(receiver, supplier.page.getByRole('heading'));
    // The inviting company ($companyName) is named in the reader's language.
    const row = supplier.page.locator('tr', { hasText: BUYER[lang] });
    await supplier.seeText(rel.status('invited'), row);
    expect(await supplier.page.getByTestId('list-new').count()).toBe(0);
    await supplier.shot(`supply-chain-receiver-${lang}`);
    await row.getByRole('link').click();
    await supplier.page.waitForURL(/\/scmProvider\/detail\?id=/);
    await supplier.act(rel.action('ACCEPT'));
    await expect.poll(() => supplier.stateTag(), POLL).toBe(rel.status('active'));
    await supplier.openMenuEntry(text(GROUP, lang), receiver);
    await supplier.seeText(rel.status('active'), supplier.page.locator('tr', { hasText: BUYER[lang] }));
    // Its own relationships list does not hold the invitation it received.
    await supplier.openMenuEntry(text(GROUP, lang), rel.entity);
    await supplier.page.waitForURL(/\/scmProvider\/index/);
    await supplier.seeText(rel.entity, supplier.page.getByRole('heading'));
    await supplier.page.locator('.ant-table-placeholder').waitFor();
    expect(await supplier.page.locator('.ant-table-row').count()).toBe(0);

    // The supplier submits a TRF naming that buyer.
    await supplier.openMenu(trf.entity);
    await supplier.page.waitForURL(/\/trf\/newList$/);
    // The list before it (with a New button of its own) may still be on screen: wait for the TRF list.
    await supplier.seeText(trf.entity, supplier.page.getByRole('heading'));
    await supplier.button(ui(lang, 'renderer.list.new')).click();
    await supplier.page.waitForURL(/\/trf\/trfForm$/);
    await supplier.pick('root_template');
    await supplier.typeDate('root_sampleReceivedDate', '2026-11-20');
    await supplier.pick('root_buyer_companyId', BUYER[lang]);
    await supplier.save(ui(lang, 'renderer.form.saveDraft'));
    await supplier.page.waitForURL(/\/trf\/trfDetail\?id=/);
    const trfNo = (await supplier.page.getByTestId('detail-title').textContent()) ?? '';
    expect(trfNo).toMatch(/^TRF\d+/);
    await supplier.act(trf.action('SUBMIT'));
    await expect.poll(() => supplier.stateTag(), POLL).toBe(trf.status('submitted'));
    await supplier.page.context().close();

    // The buyer sees it in its TRF list.
    const again = await portalServer.signedIn('buyer', lang, '/trf/newList');
    await again.page.waitForURL(/\/trf\/newList/);
    await again.seeText(trf.status('submitted'), again.page.locator('tr', { hasText: trfNo }));
    await again.shot(`supply-chain-buyer-trf-${lang}`);
    await again.page.context().close();
  });

  it.each<Language>(['zh-CN', 'en-US'])('a customer admin sets who hears of an event; one setting per event (%s)', async (lang) => {
    await portalServer.db.query("delete from records where entity = 'notificationSetting'");
    const texts = entityTexts(setting, lang);
    const label = (field: string, value: string) => text(setting.schema.properties[field]!['x-enumLabels']![value], lang);
    const admin = await portalServer.signedIn('admin', lang, '/wel/index');
    await admin.openMenuEntry(text(COMPANY, lang), texts.entity);
    await admin.page.waitForURL(/\/company\/notification\/list/);
    await admin.seeText(texts.entity, admin.page.getByRole('heading'));
    const create = async () => {
      await admin.button(ui(lang, 'renderer.list.new')).click();
      await admin.page.waitForURL(/\/company\/notification\/form$/);
      await admin.pick('root_event', label('event', 'reportIssued'));
      await admin.page.locator('[data-section=event]').getByText(label('channels', 'email'), { exact: true }).click();
      await admin.page.locator('[data-section=recipients]').getByText(label('roles', 'customerAdmin'), { exact: true }).click();
      await admin.shot(`notification-setting-form-${lang}`);
      await admin.save(ui(lang, 'renderer.form.save'));
    };
    await create();
    await admin.page.waitForURL(/\/company\/notification\/detail\?id=/);
    await admin.seeText(label('event', 'reportIssued'), admin.page.getByTestId('detail-title'));
    await admin.shot(`notification-setting-detail-${lang}`);
    // A second setting for the same event is refused, in the language.
    await admin.openMenuEntry(text(COMPANY, lang), texts.entity);
    await create();
    await admin.seeText(message('DUPLICATE_VALUE', lang, { fields: texts.field('event') }), admin.page.locator('.ant-message'));
    await admin.shot(`notification-setting-duplicate-${lang}`);
    await admin.page.context().close();
  });
});
