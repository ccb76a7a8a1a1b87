import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { POLL, type PortalPage } from './portal-page.ts';
import { ui } from './portal-texts.ts';
import { asXls, fillTemplate } from '../support/xlsx-files.ts';
import { DEMO_MATERIAL_TEMPLATE } from '../../server/seed/demo-material-template.ts';

/**
 * Materials in the browser (issue 17): staff publish a material template for the buyer; the
 * supplier downloads its import file, fills 500 rows, breaks 3 cells and uploads — sees the 3
 * errors — fixes them and imports; edits one material in the form; the buyer sees them in
 * /customer/material/list; a TRF picks a material and deleting it is refused with its message;
 * a new template version migrates the 500 records. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const ROWS = 500;
const FABRIC: Record<Language, string> = { 'zh-CN': '面料', 'en-US': 'Fabric' };
const BOUND: Record<Language, string> = { 'zh-CN': '所选物料已关联 TRF', 'en-US': 'The selected material has been bounded to TRF' };
const SUCCESS: Record<Language, string> = { 'zh-CN': '上传成功！', 'en-US': 'Upload Success!' };

const rows = (lang: Language, prefix: string) =>
  Array.from({ length: ROWS }, (_, i) => [
    'CN-B-0001',
    `Jersey ${prefix} ${i}`,
    `${prefix}-${i}`,
    FABRIC[lang],
    '7732-18-5',
    100 + (i % 90),
    '',
    JSON.stringify([{ component: 'cotton', percentage: 100 }]),
  ]);

async function publish(portal: PortalPage, code: string): Promise<void> {
  await portal.logIn('staff', PASSWORD);
  await portal.api('POST', '/api/templates', { code, kind: 'material', bundle: DEMO_MATERIAL_TEMPLATE });
  await portal.api('POST', `/api/templates/${code}/versions/1/publish`);
  await portal.logOut();
}

/** Uploads an import file: as .xlsx, or saved in the old Excel format (.xls) as "Save as Excel 97-2003" would. */
async function upload(portal: PortalPage, file: Buffer, format: 'xlsx' | 'xls' = 'xlsx'): Promise<void> {
  const dialog = portal.page.getByTestId('import-dialog');
  const sent = format === 'xls' ? { name: 'materials.xls', mimeType: 'application/vnd.ms-excel', buffer: asXls(file) } : { name: 'materials.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file };
  await dialog.locator('input[type=file]').setInputFiles(sent);
}

describe('materials in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('imports 500 materials with their errors fixed, edits one, shows them to the buyer, guards a picked one and migrates them (%s)', async (lang) => {
    const code = lang === 'zh-CN' ? 'materialZh' : 'materialEn';
    const prefix = lang === 'zh-CN' ? 'ZH' : 'EN';
    const portal = await portalServer.open(lang, '/wel/index');
    const { page } = portal;
    await publish(portal, code);

    // The supplier: its materials' page, the import template.
    await portal.logIn('supplier', PASSWORD);
    await page.goto(`${portal.baseUrl}/customer/newMaterial/list?template=${code}`);
    await page.getByTestId('list-import-template').waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('list-import-template').click();
    const template = readFileSync((await (await downloading).path())!);

    // 500 rows with 3 broken cells: the dialog lists exactly those, nothing is stored.
    const broken = rows(lang, prefix);
    broken[4]![4] = '7732-18-4';
    broken[99]![3] = 'Leather';
    broken[250]![5] = 'heavy';
    await page.getByTestId('list-import').click();
    await upload(portal, await fillTemplate(template, broken));
    const errors = page.getByTestId('import-errors');
    await errors.waitFor();
    await expect.poll(() => errors.locator('tbody tr').count(), POLL).toBe(3);
    await portal.seeText(ui(lang, 'renderer.list.importErrors'));
    await expect.poll(async () => (await errors.locator('tbody tr').allInnerTexts()).map((t) => t.split('\t').slice(0, 2).join('')), POLL).toEqual(['7E', '102D', '253F']);
    await portal.shot('materials-import-errors');

    // Fixed: imported (the English run saves the file as .xls first), the list shows them.
    await upload(portal, await fillTemplate(template, rows(lang, prefix)), lang === 'en-US' ? 'xls' : 'xlsx');
    await portal.seeText(SUCCESS[lang]);
    await portal.seeText(ui(lang, 'renderer.list.total', { total: ROWS }));
    await portal.shot('materials-list');

    // One material edited in the generated form (found with the list's filter).
    await page.goto(`${portal.baseUrl}/customer/newMaterial/list?template=${code}&f.materialCode=${prefix}-0`);
    await portal.seeText(ui(lang, 'renderer.list.total', { total: 1 }));
    await page.getByRole('link', { name: `Jersey ${prefix} 0`, exact: true }).first().click();
    await page.waitForURL(/\/detail\?id=/);
    const detailUrl = page.url();
    const id = new URL(detailUrl).searchParams.get('id')!;
    await page.getByRole('button', { name: ui(lang, 'renderer.detail.edit') }).click();
    await page.waitForURL(/\/form\?id=/);
    await page.locator('#root_title').fill(`Jersey ${prefix} 0 (edited)`);
    await portal.save(ui(lang, 'renderer.form.save'));
    await page.waitForURL(/\/detail\?id=/);
    await portal.seeText(`Jersey ${prefix} 0 (edited)`);
    await portal.shot('material-detail');

    // A TRF's sample picks it in the TRF form's sample table; deleting it is then refused with the SPEC message.
    const materialDetail = page.url();
    const trf = await portal.api<{ id: string }>('POST', '/api/entities/trf', {
      doc: {
        template: 'TPL-TEXTILE', sampleReceivedDate: '2026-11-01', dueDate: '2026-11-10',
        buyer: { companyId: 'c-buyer', name: 'Demo Buyer Co., Ltd.', contactName: 'Wang', contactEmail: 'wang@example.com' },
        applicant: { companyId: 'c-supplier', name: 'Demo Supplier Co., Ltd.', contactName: 'Li', contactEmail: 'li@example.com' },
        samples: [{ sampleNo: 'S-1', description: 'Knitted top' }],
      },
    });
    await page.goto(`${portal.baseUrl}/trf/trfForm?id=${trf.id}`);
    // The samples section's form is drawn once it is in view.
    await page.locator('[data-section=samples]').scrollIntoViewIfNeeded();
    await portal.pick('root_samples_0_materialId', `Jersey ${prefix} 0 (edited)`);
    await portal.shot('trf-sample-material');
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    await page.waitForURL(/\/trf\/trfDetail\?id=/);
    const stored = await portal.api<{ doc: { samples: { materialId?: string }[] } }>('GET', `/api/entities/trf/${trf.id}`);
    expect(stored.doc.samples[0]?.materialId).toBe(id);
    await page.goto(materialDetail);
    await page.getByTestId('detail-delete').click();
    await page.getByTestId('detail-delete-ok').click();
    await portal.seeText(BOUND[lang]);
    await portal.shot('material-bound');
    await portal.logOut();

    // The buyer sees its suppliers' materials.
    await portal.logIn('buyer', PASSWORD);
    await page.goto(`${portal.baseUrl}/customer/material/list?template=${code}`);
    await portal.seeText(ui(lang, 'renderer.list.total', { total: ROWS }));
    await portal.shot('buyer-materials');
    await portal.logOut();

    // A new version (a new optional field) migrates the 500 records, nothing lost.
    await portal.logIn('staff', PASSWORD);
    const draft = await portal.api<{ version: { bundle: typeof DEMO_MATERIAL_TEMPLATE } }>('POST', `/api/templates/${code}/versions`);
    const bundle = structuredClone(draft.version.bundle);
    bundle.schema.properties.supplierRef = { type: 'string', maxLength: 50, title: 'Supplier ref.', 'x-label': { 'zh-CN': '供应商编号', 'en-US': 'Supplier ref.' } };
    const withField = (sections: typeof bundle.views.form.sections) => sections.map((sec, i) => (i === 0 ? { ...sec, fields: [...sec.fields, 'supplierRef'] } : sec));
    bundle.views = { ...bundle.views, form: { sections: withField(bundle.views.form.sections) }, detail: { ...bundle.views.detail, sections: withField(bundle.views.detail.sections) } };
    await portal.api('PUT', `/api/templates/${code}/versions/2`, { bundle, renames: {} });
    await portal.api('POST', `/api/templates/${code}/versions/2/publish`);
    const run = await portal.api<{ migrated: number }>('POST', `/api/templates/${code}/migrations`, { from: 1, to: 2 });
    expect(run.migrated).toBe(ROWS);
    await page.goto(`${portal.baseUrl}/customer/newMaterial/detail?template=${code}&id=${id}`);
    await portal.seeText(`Jersey ${prefix} 0 (edited)`);
    await portal.seeText(lang === 'zh-CN' ? '供应商编号' : 'Supplier ref.');
    await portal.shot('material-v2');
  });

  it.each<Language>(['zh-CN', 'en-US'])('shows the material configuration, the material test reports and the extension settings through the generic pages (%s)', async (lang) => {
    const code = lang === 'zh-CN' ? 'materialCfgZh' : 'materialCfgEn';
    const portal = await portalServer.open(lang, '/wel/index');
    const { page } = portal;
    await publish(portal, code);
    const title = { 'zh-CN': { config: '物料配置', report: '物料测试报告', extend: '客户扩展设置' }, 'en-US': { config: 'Material configuration', report: 'Material test reports', extend: 'Customer extension settings' } }[lang];

    // Staff keep a customer's extension menu links at /extend/specificextend-setting.
    await portal.logIn('staff', PASSWORD);
    await portal.api('POST', '/api/entities/extendSetting', {
      doc: { buyer: 'c-buyer', buyerName: 'Demo Buyer Co., Ltd.', productLine: `Softlines ${lang}`, nameZh: `供应商门户 ${lang}`, nameEn: `Supplier portal ${lang}`, url: `https://supplier.example.com/${lang}`, sort: 1 },
    });
    await page.goto(`${portal.baseUrl}/extend/specificextend-setting`);
    await portal.seeText(title.extend);
    await portal.seeText(`Softlines ${lang}`);
    await portal.shot('extend-setting-list');
    await page.goto(`${portal.baseUrl}/extend/specificextend-setting/form`);
    await portal.seeText(lang === 'zh-CN' ? '菜单名称（英文）' : 'Menu name (English)');
    await portal.shot('extend-setting-form');
    await portal.logOut();

    // The buyer configures which templates apply to a product category, in the generated form.
    await portal.logIn('buyer', PASSWORD);
    await portal.api('POST', '/api/entities/materialConfig', {
      doc: { buyer: 'c-buyer', buyerName: 'Demo Buyer Co., Ltd.', productCategory: `Apparel ${lang}`, materialTemplate: code },
    });
    await page.goto(`${portal.baseUrl}/customer/material/config`);
    await portal.seeText(title.config);
    await portal.seeText(`Apparel ${lang}`);
    await portal.shot('material-config-list');
    await page.goto(`${portal.baseUrl}/customer/material/configForm`);
    await portal.seeText(lang === 'zh-CN' ? '留空表示适用于该买家的所有产品类别' : 'Leave empty to apply to every product category of the buyer');
    await portal.shot('material-config-form');
    // The extension setting staff made for the buyer is a link of its menu, opened inside the portal.
    await portal.openMenuEntry(lang === 'zh-CN' ? '扩展' : 'Extensions', lang === 'zh-CN' ? `供应商门户 ${lang}` : `Supplier portal ${lang}`);
    await page.waitForURL(/\/myiframe\//);
    await portal.logOut();

    // The supplier's material test reports: the TRFs holding a material, narrowed to one by the filter.
    await portal.logIn('supplier', PASSWORD);
    const material = await portal.api<{ id: string }>('POST', `/api/entities/${code}`, {
      doc: { title: `Report fabric ${lang}`, materialCode: `R-${lang}`, category: 'fabric', composition: [{ component: 'cotton', percentage: 100 }] },
    });
    const trf = await portal.api<{ doc: { trfNo: string } }>('POST', '/api/entities/trf', {
      doc: {
        template: 'TPL-TEXTILE', sampleReceivedDate: '2026-11-01', dueDate: '2026-11-10',
        buyer: { companyId: 'c-buyer', name: 'Demo Buyer Co., Ltd.', contactName: 'Wang', contactEmail: 'wang@example.com' },
        applicant: { companyId: 'c-supplier', name: 'Demo Supplier Co., Ltd.', contactName: 'Li', contactEmail: 'li@example.com' },
        samples: [{ sampleNo: 'S-1', description: 'Knitted top', materialId: material.id }],
      },
    });
    await page.goto(`${portal.baseUrl}/customer/material/materialReport?f.samples.materialId=${material.id}`);
    await portal.seeText(title.report);
    await portal.seeText(ui(lang, 'renderer.list.total', { total: 1 }));
    await portal.seeText(trf.doc.trfNo);
    await portal.shot('material-report');
    await portal.logOut();

    // The template now holds material data: staff cannot delete it.
    await portal.logIn('staff', PASSWORD);
    await page.goto(`${portal.baseUrl}/customer/template/material`);
    await page.getByTestId(`customer-template-delete-${code}`).click();
    await page.getByTestId('customer-template-delete-ok').click();
    await portal.seeText(lang === 'zh-CN' ? '已存在物料数据，无法删除' : 'Cannot delete when material data exists');
    await portal.shot('material-template-in-use');
    await page.goto(`${portal.baseUrl}/customer/template/material`);
    await page.getByTestId(`customer-template-detail-${code}`).waitFor();
  });
});
