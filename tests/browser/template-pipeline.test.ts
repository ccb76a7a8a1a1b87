import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Language } from '../../engine/index.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { POLL, type PortalPage } from './portal-page.ts';
import { choose, describeField, drag, publishFromDesigner } from './designer-steps.ts';
import { trfTexts, ui } from './portal-texts.ts';

/**
 * The template pipeline end to end (docs/templates.md), in zh-CN with the pages checked in en-US
 * too: an analyst builds a DFF template by drag and drop only, previews and publishes it and
 * binds it to the buyer's customer group; an applicant fills its section in a TRF; the
 * template's list filters on one of its fields; version 2 renames a field and removes another,
 * the migration moves the stored data and archives the removed value.
 */
const portalServer = usePortal();
const CODE = 'lotForm';
const L = {
  template: { 'zh-CN': '批次信息', 'en-US': 'Lot details' },
  styleNo: { 'zh-CN': '款号', 'en-US': 'Style no.' },
  colour: { 'zh-CN': '颜色', 'en-US': 'Colour' },
  shade: { 'zh-CN': '色调', 'en-US': 'Shade' },
  parts: { 'zh-CN': '部件', 'en-US': 'Parts' },
  partName: { 'zh-CN': '部件名称', 'en-US': 'Part name' },
  note: { 'zh-CN': '备注说明', 'en-US': 'Note' },
  option2: { 'zh-CN': '选项二', 'en-US': 'Option 2' },
} as const;

/** The API as the page's user (the session token the portal keeps). */
async function api(portal: PortalPage, method: string, path: string, body?: unknown): Promise<{ status: number; data: any }> {
  const token = await portal.page.evaluate(() => sessionStorage.getItem('portico_token'));
  const res = await fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: { 'portico-auth': `bearer ${token}`, 'accept-language': portal.lang, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: unknown };
  return { status: res.status, data: json.data };
}

/** Picks an option of the antd Select inside `within` (a form item), by its label. */
const pickIn = (page: Page, within: Locator, label: string) => choose(page, within.locator('.ant-select').first(), label);

describe('template pipeline in the browser', () => {
  // One long story (two designers' sessions, two applicants' and the migration): a longer time limit than one page's test.
  it('designs, publishes and binds a DFF template, fills it in a TRF, lists, then renames and removes fields in v2 and migrates', { timeout: 600_000 }, async () => {
    const lang: Language = 'zh-CN';
    const trf = trfTexts(lang);
    const staff = await portalServer.signedIn('staff', lang, '/form/list');
    const { page } = staff;
    await page.getByTestId('template-list').waitFor();

    // A new template, built by drag and drop only.
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-new-code').fill(CODE);
    await page.getByTestId('template-new-zh').fill(L.template['zh-CN']);
    await page.getByTestId('template-new-en').fill(L.template['en-US']);
    await page.getByRole('button', { name: ui(lang, 'designer.list.create') }).click();
    await page.getByTestId('template-designer').waitFor();
    // The starter template's title field goes: this form is built from the palette.
    await page.getByTestId('canvas-remove-title').click();
    await page.getByTestId('canvas-field-title').waitFor({ state: 'detached' });
    for (const [type, zone, field] of [
      ['text', 'root', 'text1'],
      ['select', 'root', 'select1'],
      ['table', 'root', 'table1'],
      ['text', 'table1', 'table1.text1'],
      ['text', 'root', 'text2'],
    ] as const) {
      await drag(page, `palette-${type}`, `canvas-zone-${zone}`);
      await page.getByTestId(`canvas-field-${field}`).waitFor();
    }

    // Keys, zh/en labels, a required field, the select as a list column and filter.
    await describeField(page, 'text1', 'styleNo', L.styleNo);
    await page.getByTestId('prop-required').click();
    await page.getByTestId('prop-column').click();
    await describeField(page, 'select1', 'colour', L.colour);
    await page.getByTestId('prop-column').click();
    await page.getByTestId('prop-filter').click();
    await describeField(page, 'table1', 'parts', L.parts);
    await describeField(page, 'parts.text1', 'partName', L.partName);
    await describeField(page, 'text2', 'note', L.note);
    // The note is asked for only when the colour is option 2 (a conditional field).
    await choose(page, page.getByTestId('prop-visible-field'), `${L.colour['zh-CN']} (colour)`);
    await choose(page, page.getByTestId('prop-visible-value'), L.option2['zh-CN']);
    await page.getByTestId('canvas-conditional-note').waitFor();
    await staff.seeText(ui(lang, 'designer.problems.none'));
    await staff.shot('pipeline-designer');

    // Preview in both languages, with the required rule.
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.preview') }).click();
    const preview = page.getByTestId('designer-preview');
    await staff.seeText(L.styleNo['zh-CN'], preview);
    await preview.getByText(ui(lang, 'designer.preview.lang.en-US'), { exact: true }).click();
    await staff.seeText(L.parts['en-US'], preview);
    await page.getByTestId('preview-validate').click();
    await preview.locator('.ant-form-item-explain-error').first().waitFor();
    await staff.shot('pipeline-preview');
    await publishFromDesigner(page);
    await staff.seeText(ui(lang, 'designer.status.published', { version: 1 }));

    // Bound to the buyer's customer group for footwear TRFs (the template-setting API).
    const bound = await api(staff, 'POST', '/api/template-settings', { templateCode: CODE, customerGroup: 'CG-RETAIL', trfTemplateId: 'TPL-FOOTWEAR', productLine: 'SL' });
    expect(bound.status).toBe(201);

    // The applicant's TRF takes the buyer's DFF section.
    const applicant = await portalServer.open(lang, '/trf/trfForm');
    const ap = applicant.page;
    await applicant.logIn('applicant', DEMO_PASSWORD);
    await ap.getByTestId('entity-form').waitFor();
    const dff = ap.getByTestId('dff-section');
    await applicant.seeText(ui(lang, 'renderer.form.dff'), dff);
    await dff.getByTestId('dff-message').waitFor();
    // No buyer yet: the section says it follows the buyer (and asks the server nothing).
    expect(await dff.getByTestId('dff-message').textContent()).toBe(ui(lang, 'renderer.form.dffNeedsBuyer'));
    await applicant.pick('root_template', '鞋类测试');
    await applicant.pick('root_buyer_companyId', '演示买家有限公司');
    await dff.getByTestId('dff-template').filter({ hasText: L.template['zh-CN'] }).waitFor();
    await applicant.seeText(L.styleNo['zh-CN'], dff);
    await applicant.typeDate('root_sampleReceivedDate', '2026-11-20');
    await applicant.typeDate('root_dueDate', '2026-11-30');
    // An over-long style number is refused beside the field, before anything is sent.
    await dff.locator('#root_styleNo').fill('S'.repeat(201));
    expect(await dff.locator('#root_note').count()).toBe(0);
    await pickIn(ap, dff.locator('.ant-form-item', { hasText: L.colour['zh-CN'] }), L.option2['zh-CN']);
    await dff.locator('#root_note').fill('first lot');
    await dff.locator('.rjsf-array-item-add').first().click();
    await dff.locator('#root_parts_0_partName').fill('鞋面');
    await applicant.save(ui(lang, 'renderer.form.saveDraft'));
    await dff.locator('.ant-form-item-explain-error').first().waitFor();
    await dff.scrollIntoViewIfNeeded();
    await applicant.shot('pipeline-trf-invalid', false);
    await dff.locator('#root_styleNo').fill('ST-001');
    await applicant.save(ui(lang, 'renderer.form.saveDraft'));
    await ap.waitForURL(/\/trf\/trfDetail\?id=/);
    const trfDetail = ap.url();
    const detailDff = ap.getByTestId('dff-detail');
    await applicant.seeText('ST-001', detailDff);
    await applicant.seeText(L.note['zh-CN'], detailDff);
    await applicant.shot('pipeline-trf-detail');
    await applicant.act(trf.action('SUBMIT'));
    await expect.poll(() => applicant.stateTag(), POLL).toBe(trf.status('submitted'));

    // A second TRF with another colour, through the API; the list filters on the colour.
    const trfId = new URL(trfDetail).searchParams.get('id')!;
    const first = await api(applicant, 'GET', `/api/entities/trf/${trfId}`);
    const recordId = first.data.doc.dff.recordId as string;
    const second = await api(applicant, 'POST', '/api/entities/trf', {
      doc: { template: 'TPL-FOOTWEAR', buyer: { companyId: 'c-buyer', name: '演示买家有限公司' } },
      dff: { template: CODE, doc: { styleNo: 'ST-002', colour: 'option1' } },
    });
    expect(second.status).toBe(201);
    await ap.goto(`${portalServer.url}/form/${CODE}/list`);
    const filters = ap.getByTestId('list-filters');
    await pickIn(ap, filters.locator('.ant-form-item', { hasText: L.colour['zh-CN'] }), L.option2['zh-CN']);
    await filters.getByRole('button', { name: ui(lang, 'renderer.list.search') }).click();
    await expect.poll(() => ap.locator('.ant-table-row').count(), POLL).toBe(1);
    await applicant.seeText('ST-001', ap.locator('.ant-table-row'));
    await applicant.shot('pipeline-list-filtered');

    // Version 2: colour renamed shade (property panel), note removed; diff, impact, migration.
    await page.getByTestId('designer-new-version').click();
    await staff.seeText(ui(lang, 'designer.status.draft', { version: 2 }));
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.canvas') }).click();
    await describeField(page, 'colour', 'shade', L.shade);
    await page.getByTestId('canvas-remove-note').click();
    await page.getByTestId('canvas-field-note').waitFor({ state: 'detached' });
    await page.getByTestId('designer-save').click();
    await staff.seeText(ui(lang, 'designer.saved.ok'));
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.versions') }).click();
    await page.getByTestId('designer-diff').click();
    const diff = page.getByTestId('designer-diff-result');
    await staff.seeText('colour → shade', diff);
    await staff.seeText('note', diff);
    await page.getByTestId('designer-migration-preview').click();
    await staff.seeText(ui(lang, 'designer.versions.counts', { total: 2, unchanged: 0, migrate: 2, blocked: 0, archived: 1 }));
    await staff.shot('pipeline-v2-diff');
    await publishFromDesigner(page);
    await staff.seeText(ui(lang, 'designer.status.published', { version: 2 }));
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.versions') }).click();
    await page.getByTestId('designer-migration-run').click();
    await staff.seeText(ui(lang, 'designer.versions.done', { migrated: 2, kept: 0, archived: 1 }));

    // The old record shows its data under the new name; the removed value is archived.
    await ap.goto(`${portalServer.url}/form/${CODE}/detail?id=${recordId}`);
    await ap.getByTestId('entity-detail').waitFor();
    await applicant.seeText(L.shade['zh-CN']);
    await applicant.seeText(L.option2['zh-CN']);
    expect(await ap.getByText(L.note['zh-CN'], { exact: true }).count()).toBe(0);
    await applicant.shot('pipeline-record-v2');
    const archive = await api(staff, 'GET', `/api/templates/${CODE}/archive?record=${recordId}`);
    expect(archive.data).toEqual([expect.objectContaining({ path: 'note', value: 'first lot', version: 1 })]);
    await ap.goto(trfDetail);
    await applicant.seeText(L.shade['zh-CN'], ap.getByTestId('dff-detail'));

    // The same pages in en-US.
    const en = await portalServer.signedIn('applicant', 'en-US', `/form/${CODE}/list`);
    await en.seeText(L.shade['en-US'], en.page.getByTestId('list-filters'));
    await expect.poll(() => en.page.locator('.ant-table-row').count(), POLL).toBe(2);
    await en.shot('pipeline-list');
    await en.page.goto(trfDetail);
    const enDff = en.page.getByTestId('dff-detail');
    await en.seeText(ui('en-US', 'renderer.form.dffTemplate', { template: L.template['en-US'] }), enDff);
    await en.seeText(L.partName['en-US'], enDff);
    await en.shot('pipeline-trf-detail');
    await en.page.goto(`${portalServer.url}/trf/trfForm`);
    await en.pick('root_template', 'Footwear testing');
    await en.pick('root_buyer_companyId', 'Demo Buyer Co., Ltd.');
    await en.page.getByTestId('dff-section').getByTestId('dff-template').filter({ hasText: L.template['en-US'] }).waitFor();
    await en.seeText(L.shade['en-US'], en.page.getByTestId('dff-section'));
    await en.shot('pipeline-trf-form');
  });
});
