import { describe, expect, it } from 'vitest';
import { createStaticRegistry, enumLabel, productMenu, text, type Language } from '../../engine/index.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';
import { REPORT_PDF } from './report-steps.ts';

/**
 * Reports and results in the browser (issue 15): staff make the report of a tested TRF (conclusion,
 * dates, the PDF), enter its test results in the data-entry grid (/dataEntry/inputResult), issue
 * the report and move the TRF to Report Issued; the applicant sees the conclusion in the TRF list
 * and downloads the PDF; the buyer reviews the test lines one by one and finalizes the review.
 * Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const report = registry.get('report');
const testLine = registry.get('testLine');
const GROUP = productMenu().groups.find((g) => g.id === 'testResults')!.label;

/** The TRF made by the applicant and taken by staff to `completed` through the API (their steps are the TRF flow's test). */
async function testedTrf(portal: PortalPage): Promise<{ id: string; trfNo: string }> {
  await portal.logIn('applicant', PASSWORD);
  const doc = {
    template: 'TPL-TEXTILE', sampleReceivedDate: '2026-11-20', dueDate: '2026-11-30',
    buyer: { companyId: 'c-buyer', name: 'Demo Buyer Co., Ltd.', contactName: 'Wang', contactEmail: 'wang@example.com' },
    applicant: { companyId: 'c-applicant', name: 'Demo Applicant Co., Ltd.', contactName: 'Zhang', contactEmail: 'zhang@example.com' },
    samples: [{ sampleNo: 'S-1', description: 'Knitted top' }],
  };
  let trf = await portal.api<{ id: string; version: number; doc: { trfNo: string } }>('POST', '/api/entities/trf', { doc });
  trf = await portal.api('POST', `/api/entities/trf/${trf.id}/events`, { type: 'SUBMIT', version: trf.version });
  await portal.logOut();
  await portal.logIn('staff', PASSWORD);
  for (const [type, payload] of [['ACCEPT_APPLICATION'], ['CONFIRM_SAMPLE_RECEIVED', { sampleReceivedDate: '2026-11-20' }], ['START_TESTING'], ['COMPLETE_TESTING']] as const) {
    trf = await portal.api('POST', `/api/entities/trf/${trf.id}/events`, { type, version: trf.version, payload });
  }
  return { id: trf.id, trfNo: trf.doc.trfNo };
}

describe('reports and results in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('staff enter results and issue the report; the applicant sees it; the buyer reviews and finalizes (%s)', async (lang) => {
    const rep = entityTexts(report, lang);
    const line = entityTexts(testLine, lang);
    const trfT = trfTexts(lang);
    const group = text(GROUP, lang);
    const conclusion = enumLabel(report.schema.properties.conclusion, 'seeResult', lang);

    // Staff: the report of the tested TRF, with its PDF.
    const staff = await portalServer.open(lang, '/wel/index');
    const { id: trfId, trfNo } = await testedTrf(staff);
    await staff.openMenuEntry(group, rep.entity);
    await staff.page.waitForURL(/\/report\/list/);
    await staff.button(ui(lang, 'renderer.list.new')).click();
    await staff.page.waitForURL(/\/report\/form$/);
    await staff.pick('root_trfId', trfNo);
    await staff.pick('root_conclusion', conclusion);
    await staff.typeDate('root_testStartDate', '2026-11-21');
    await staff.typeDate('root_reportIssuedDate', '2026-11-25');
    await staff.page.locator('[data-section=file] input[type=file]').setInputFiles({ name: `${trfNo}.pdf`, mimeType: 'application/pdf', buffer: REPORT_PDF });
    await staff.seeText(`${trfNo}.pdf`, staff.page.locator('[data-section=file]'));
    await staff.shot('report-form');
    await staff.page.getByTestId('form-save').click();
    await staff.page.waitForURL(/\/report\/detail\?id=/);
    const reportUrl = staff.page.url();
    // The TRF's number is derived by the server from the picked TRF (x-lookupDerived), not typed.
    await staff.seeText(trfNo, staff.page.locator('[data-section=basic]'));
    await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('draft'));
    const reportNo = (await staff.page.getByTestId('detail-title').textContent()) ?? '';
    expect(reportNo).toMatch(/^RPT\d+/);

    // The data-entry grid: two lines typed and saved.
    await staff.openMenuEntry(group, ui(lang, 'dataEntry.title'));
    await staff.page.waitForURL(/\/dataEntry\/inputResult/);
    await staff.pick('pick-report', trfNo);
    const grid = staff.page.getByTestId('result-grid');
    for (const [i, [name, result]] of [['Formaldehyde content', '< 20 mg/kg'], ['pH value', '6.8']].entries()) {
      await staff.page.getByTestId('add-line').click();
      await grid.getByLabel(`${line.field('testName')} ${i + 1}`, { exact: true }).fill(name!);
      await grid.getByLabel(`${line.field('testResult')} ${i + 1}`, { exact: true }).fill(result!);
      await grid.getByLabel(`${line.field('sampleNo')} ${i + 1}`, { exact: true }).fill('S-1');
      await grid.getByLabel(`${line.field('categoryCode')} ${i + 1}`, { exact: true }).fill('CHEM');
      await staff.button(`${ui(lang, 'dataEntry.save')} ${i + 1}`, grid).click();
      await staff.seeText(ui(lang, 'dataEntry.saved'));
      await expect.poll(() => grid.locator('.ant-table-row').count(), POLL).toBe(i + 1);
    }
    await expect.poll(() => staff.button(`${ui(lang, 'dataEntry.save')} 2`, grid).isDisabled(), POLL).toBe(true);
    await staff.shot('data-entry-grid');

    // The report lists its lines; staff issue it, then the TRF.
    await staff.page.goto(reportUrl);
    const lines = staff.page.getByTestId('child-list-testLine');
    await staff.seeText('pH value', lines);
    await staff.act(rep.action('ISSUE'), async (dialog) => {
      await staff.seeText(rep.confirm('ISSUE'), dialog);
      await staff.button(rep.action('ISSUE'), dialog).click();
    });
    await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('notReviewed'));
    await staff.shot('report-issued');
    await staff.page.goto(`${staff.baseUrl}/trf/trfDetail?id=${trfId}`);
    await staff.act(trfT.action('ISSUE_REPORT'), async (dialog) => staff.button(trfT.action('ISSUE_REPORT'), dialog).click());
    await expect.poll(() => staff.stateTag(), POLL).toBe(trfT.status('reportIssued'));
    await staff.seeText(conclusion, staff.page.locator('[data-section=basic]'));
    await staff.page.context().close();

    // The applicant sees the conclusion in its TRF list and downloads the PDF.
    const applicant = await portalServer.signedIn('applicant', lang, '/wel/index');
    await applicant.openMenu(trfT.entity);
    await applicant.page.waitForURL(/\/trf\/newList/);
    const row = applicant.page.locator('tr', { hasText: trfNo });
    await applicant.seeText(conclusion, row);
    await applicant.seeText(rep.status('notReviewed'), row);
    await applicant.shot('trf-list-conclusion');
    await applicant.page.goto(reportUrl);
    await expect.poll(() => applicant.stateTag(), POLL).toBe(rep.status('notReviewed'));
    const pdf = applicant.page.locator('[data-section=file]').getByRole('link', { name: `${trfNo}.pdf` });
    const href = await pdf.getAttribute('href');
    const token = await applicant.page.evaluate(() => sessionStorage.getItem('portico_token'));
    const download = await applicant.page.request.get(`${applicant.baseUrl}${href}`, { headers: { 'Portico-Auth': `bearer ${token}` } });
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The applicant reads the lines; the review is not theirs.
    await applicant.seeText('Formaldehyde content', applicant.page.getByTestId('child-list-testLine'));
    expect(await applicant.page.getByTestId('inline-resultReview').count()).toBe(0);
    expect(await applicant.button(rep.action('REVIEW')).count()).toBe(0);
    await applicant.shot('report-applicant');
    await applicant.page.context().close();

    // The buyer reviews each line, then the report, and finalizes the review.
    const buyer = await portalServer.signedIn('buyer', lang, '/wel/index');
    await buyer.page.goto(reportUrl);
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('notReviewed'));
    const reviewLines = buyer.page.getByTestId('child-list-testLine');
    const accepted = enumLabel(testLine.schema.properties.resultReview, 'accepted', lang);
    for (let i = 0; i < 2; i++) {
      await reviewLines.getByTestId('inline-resultReview').nth(i).click();
      await buyer.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: accepted }).click();
      await expect.poll(() => reviewLines.getByTestId('inline-resultReview').nth(i).textContent(), POLL).toContain(accepted);
    }
    await buyer.shot('lines-reviewed');
    // The reviewer writes the review conclusion: the form offers the review fields alone.
    await buyer.button(ui(lang, 'renderer.detail.edit')).click();
    await buyer.page.waitForURL(/\/report\/form\?id=/);
    await buyer.page.locator('#root_reviewConclusion').fill('ACC');
    expect(await buyer.page.locator('#root_marketSegment').isEditable()).toBe(false);
    await buyer.shot('review-form');
    await buyer.page.getByTestId('form-save').click();
    await buyer.page.waitForURL(/\/report\/detail\?id=/);
    await buyer.seeText('ACC', buyer.page.locator('[data-section=review]'));
    await buyer.act(rep.action('REVIEW'));
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('reviewed'));
    await buyer.act(rep.action('SUBMIT_REVIEW'));
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('submitted'));
    await buyer.act(rep.action('FINALIZE_REVIEW'), async (dialog) => buyer.button(rep.action('FINALIZE_REVIEW'), dialog).click());
    await expect.poll(() => buyer.stateTag(), POLL).toBe(rep.status('finalized'));
    await buyer.shot('review-finalized');
    // The TRF shows the finalized review.
    await buyer.openMenu(trfT.entity);
    await buyer.seeText(rep.status('finalized'), buyer.page.locator('tr', { hasText: trfNo }));
    await buyer.page.context().close();
  });
});
