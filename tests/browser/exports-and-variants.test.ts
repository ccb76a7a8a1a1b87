import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStaticRegistry, enumLabel, exportColumns, spacedCjkLatin, text, variantRegistration, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { trfTexts, ui } from './portal-texts.ts';
import { validTrf } from '../support/api-harness.ts';
import { readXlsx } from '../support/read-exports.ts';

/**
 * Exports and TRF variants in the browser (issue 15): the applicant exports its TRF list (1,200
 * rows: the progress is shown while the file streams) and reads the file back; then creates a
 * CCL TRF on /ccl/trf/newTrf and an AFL TRF on /afl/trf/newTrf, each with its variant's own fields
 * and bound template, and sees it on its variant's detail page (no top margin, SPEC §2).
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const trfReg = registry.get('trf');
const paddingTop = (page: Page) => page.getByTestId('shell-content').evaluate((el) => getComputedStyle(el).paddingTop);
const cclInfo = trfReg.schema.properties.cclInfo!.properties!;
const aflInfo = trfReg.schema.properties.aflInfo!.properties!;
const BULK = 1200;

async function seedBulk(): Promise<void> {
  const { rows } = await portalServer.db.query<{ n: number }>("select count(*)::int as n from records where id like 'bulk-%'");
  if (rows[0]!.n) return;
  const user = (await portalServer.db.query<{ id: string }>("select id from users where account = 'applicant'")).rows[0]!.id;
  await portalServer.db.query(
    `insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by)
     select 'bulk-' || i, 'trf', jsonb_build_object('trfNo', 'TRFBULK' || lpad(i::text, 6, '0'), 'template', 'TPL-TOYS', 'dueDate', '2026-12-01',
            'buyer', jsonb_build_object('name', 'Bulk buyer ' || i)), 'draft',
            '{"$status":"draft","$quotationStatus":"none"}'::jsonb, null, 1, 'c-applicant', array['c-applicant'], $1
     from generate_series(1, ${BULK}) i`,
    [user],
  );
}

describe('exports and TRF variants in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('exports the TRF list with progress, then creates a CCL and an AFL TRF (%s)', async (lang) => {
    await seedBulk();
    const trf = trfTexts(lang);
    const portal = await portalServer.signedIn('applicant', lang, '/trf/newList');
    const { page } = portal;
    await page.waitForURL(/\/trf\/newList/);
    await portal.seeText(trf.entity, page.getByRole('heading'));
    const own = await portal.api<{ doc: { trfNo: string } }>('POST', '/api/entities/trf', { doc: validTrf() });
    const total = (await portal.api<{ total: number }>('GET', '/api/entities/trf?pageSize=1')).total;

    // Export: the file streams with its progress shown, then downloads; read back, it is the list.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('list-export').click();
    const progress = page.getByTestId('export-progress');
    await progress.waitFor();
    await portal.shot('export-progress', false);
    const download = await downloading;
    await expect.poll(() => progress.getAttribute('data-done'), POLL).toBe('true');
    expect(Number(await progress.getAttribute('data-total'))).toBe(total);
    expect(Number(await progress.getAttribute('data-received'))).toBeGreaterThan(10_000);
    expect(await progress.textContent()).toContain(ui(lang, 'renderer.list.exported', { total, size: '' }).split('(')[0]!.split('（')[0]!.trim());
    await portal.shot('export-done', false);
    expect(download.suggestedFilename()).toBe(`${text(trfReg.views.list.export!.fileName!, lang)}.xlsx`);
    const rows = await readXlsx(readFileSync((await download.path())!));
    expect(rows[0]).toEqual(exportColumns(trfReg, lang).map((c) => c.title));
    expect(rows).toHaveLength(total + 1);
    expect(rows.some((r) => r[0] === own.doc.trfNo)).toBe(true);

    // A CCL TRF: its own page, template bound, its own fields; saved, shown on its own detail page.
    const ccl = variantRegistration(trfReg, 'ccl');
    await page.goto(`${portalServer.url}/ccl/trf/newTrf`);
    await page.getByTestId('form-save').waitFor();
    await expect.poll(() => page.title(), POLL).toBe(`${spacedCjkLatin(ui(lang, 'renderer.form.newTitle', { entity: text(ccl.entity.label, lang) }))} - ${ui(lang, 'app.title')}`);
    expect(await paddingTop(page)).toBe('0px');
    await portal.seeText('CCL', page.locator('[data-section=basic]'));
    await portal.seeText(text(cclInfo.productCategory!['x-label'], lang), page.locator('[data-section=ccl]'));
    await page.locator('#root_cclInfo_productCategory').fill('Coatings');
    await page.locator('[data-section=ccl]').getByText(enumLabel(cclInfo.chemicalTests!.items!, 'phthalates', lang), { exact: true }).click();
    await portal.shot('ccl-new-trf');
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    await page.waitForURL(/\/ccl\/trf\/trfDetail\?id=/);
    const cclId = new URL(page.url()).searchParams.get('id')!;
    await portal.seeText('Coatings');
    await portal.seeText(enumLabel(cclInfo.chemicalTests!.items!, 'phthalates', lang));
    await portal.seeText(lang === 'en-US' ? 'CCL test request template' : 'CCL 测试申请模板');
    expect(await paddingTop(page)).toBe('0px');
    await portal.shot('ccl-trf-detail');
    // The TRF's own detail page sends a CCL TRF to its variant's page.
    await page.goto(`${portalServer.url}/trf/trfDetail?id=${cclId}`);
    await page.waitForURL(/\/ccl\/trf\/trfDetail\?id=/);
    // The generated table and form components of the CCL variant.
    await page.goto(`${portalServer.url}/ccl/tableComponent`);
    await portal.seeText('Coatings', page.locator('.ant-table'));
    // Its records only: none of the bulk TRFs (no variant) are listed.
    expect(await page.locator('.ant-table-row', { hasText: 'TRFBULK' }).count()).toBe(0);
    await portal.shot('ccl-table-component', false);
    await page.goto(`${portalServer.url}/ccl/formComponent`);
    await page.locator('#root_cclInfo_productCategory').waitFor();
    await portal.shot('ccl-form-component', false);

    // An AFL TRF likewise.
    await page.goto(`${portalServer.url}/afl/trf/newTrf`);
    await page.getByTestId('form-save').waitFor();
    expect(await paddingTop(page)).toBe('0px');
    await page.locator('#root_aflInfo_styleNo').fill(`ST-${lang}`);
    await portal.pick('root_aflInfo_season', enumLabel(aflInfo.season!, 'AW', lang));
    await portal.shot('afl-new-trf');
    await portal.save(ui(lang, 'renderer.form.saveDraft'));
    await page.waitForURL(/\/afl\/trf\/trfDetail\?id=/);
    await portal.seeText(`ST-${lang}`);
    await portal.seeText(enumLabel(aflInfo.season!, 'AW', lang));
    expect(await paddingTop(page)).toBe('0px');
    await portal.shot('afl-trf-detail');
    await page.context().close();
  });
});
