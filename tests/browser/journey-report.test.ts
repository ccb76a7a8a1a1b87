import { describe, expect, it } from 'vitest';
import { createStaticRegistry, enumLabel, text, type Language } from '../../engine/index.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { expectNoInternalCodes, POLL, type PortalPage } from './portal-page.ts';
import { REPORT_PDF } from './report-steps.ts';

/**
 * The report journey (issue 53, items 2 and 3), in both languages: staff take a TRF to testing
 * completed, create its report from the TRF's detail, enter a result, attach the PDF and issue it;
 * the issued report's lines are closed (the data-entry grid says so and offers no new line); staff
 * revise it, and the report shows its versions; the applicant opens the report from the TRF and
 * downloads its PDF. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const report = registry.get('report');
const testLine = registry.get('testLine');
const trfViews = registry.get('trf').views.detail.children!.find((c) => c.entity === 'report')!;
const reportViews = report.views.detail.children!;

/** The applicant's submitted TRF, accepted and its sample received by staff (through the API: the TRF flow's test takes those steps in the pages). */
async function receivedTrf(portal: PortalPage): Promise<{ id: string; trfNo: string }> {
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
  for (const [type, payload] of [['ACCEPT_APPLICATION'], ['CONFIRM_SAMPLE_RECEIVED', { sampleReceivedDate: '2026-11-20' }]] as const) {
    trf = await portal.api('POST', `/api/entities/trf/${trf.id}/events`, { type, version: trf.version, payload });
  }
  return { id: trf.id, trfNo: trf.doc.trfNo };
}

/** Attaches the PDF in the report form's file section and waits for it to show. */
async function attachPdf(portal: PortalPage, name: string): Promise<void> {
  await portal.page.locator('[data-section=file] input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: REPORT_PDF });
  await portal.seeText(name, portal.page.locator('[data-section=file]'));
}

describe('the report journey in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('staff create the report from the TRF, enter a result, issue and revise it; the applicant opens it from the TRF (%s)', async (lang) => {
    const rep = entityTexts(report, lang);
    const line = entityTexts(testLine, lang);
    const trfT = trfTexts(lang);
    const conclusion = enumLabel(report.schema.properties.conclusion, 'pass', lang);

    // Staff take the TRF to testing completed on its detail page.
    const staff = await portalServer.open(lang, '/wel/index');
    const { id: trfId, trfNo } = await receivedTrf(staff);
    const trfUrl = `${staff.baseUrl}/trf/trfDetail?id=${trfId}`;
    await staff.page.goto(trfUrl);
    const reports = staff.page.getByTestId('child-list-report');
    await staff.seeText(text(trfViews.label, lang), reports);
    // Not yet tested: no report to create.
    expect(await staff.page.getByTestId('child-new-report').count()).toBe(0);
    await staff.act(trfT.action('START_TESTING'));
    await staff.act(trfT.action('COMPLETE_TESTING'));
    await expect.poll(() => staff.stateTag(), POLL).toBe(trfT.status('completed'));
    await staff.shot('trf-completed-create-report');

    // The report, created from the TRF: the TRF is set and not changeable.
    await staff.button(text(trfViews.create!.label, lang), reports).click();
    await staff.page.waitForURL(/\/report\/form\?parent=/);
    await staff.seeText(trfNo, staff.page.locator('[data-section=basic]'));
    await staff.pick('root_conclusion', conclusion);
    await staff.typeDate('root_testStartDate', '2026-11-21');
    await staff.typeDate('root_reportIssuedDate', '2026-11-25');
    await attachPdf(staff, `${trfNo}-v1.pdf`);
    await staff.shot('report-form-from-trf');
    await staff.page.getByTestId('form-save').click();
    await staff.page.waitForURL(/\/report\/detail\?id=/);
    const v1Url = staff.page.url();
    const v1No = (await staff.page.getByTestId('detail-title').textContent()) ?? '';
    expect(v1No).toMatch(/^RPT\d+/);
    await staff.seeText(trfNo, staff.page.locator('[data-section=basic]'));

    // A result entered from the report's detail.
    const lines = staff.page.getByTestId('child-list-testLine');
    await staff.button(text(reportViews[0]!.create!.label, lang), lines).click();
    await staff.page.waitForURL(/\/testLine\/form\?parent=/);
    await staff.page.locator('#root_testName').fill('Formaldehyde content');
    await staff.page.locator('#root_testResult').fill('< 20 mg/kg');
    await staff.page.getByTestId('form-save').click();
    await staff.page.waitForURL(/\/testLine\/detail\?id=/);
    await staff.seeText(v1No, staff.page.getByTestId('entity-detail'));
    await staff.page.goto(v1Url);
    await staff.seeText('< 20 mg/kg', lines);

    // Issued, its lines are closed: the report offers no new one, nor does the data-entry grid.
    await staff.act(rep.action('ISSUE'), async (dialog) => staff.button(rep.action('ISSUE'), dialog).click());
    await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('notReviewed'));
    expect(await staff.page.getByTestId('child-new-testLine').count()).toBe(0);
    await staff.page.goto(`${staff.baseUrl}/dataEntry/inputResult?report=${new URL(v1Url).searchParams.get('id')}`);
    await staff.seeText(text(testLine.entity.access!.parent!.closed!.message, lang), staff.page.getByTestId('lines-closed'));
    await staff.seeText('< 20 mg/kg', staff.page.getByTestId('result-grid').locator('input').first().locator('xpath=ancestor::tr'));
    expect(await staff.page.getByTestId('add-line').count()).toBe(0);
    expect(await staff.page.getByRole('button', { name: `${ui(lang, 'dataEntry.save')} 1` }).count()).toBe(0);
    await staff.shot('data-entry-issued');

    // The revision: version 2, its line carried over, issued with its own PDF; the versions are shown.
    await staff.page.goto(v1Url);
    await staff.button(rep.copy, staff.page.getByTestId('detail-actions')).click();
    await staff.page.waitForURL(/\/report\/form\?id=/);
    await staff.typeDate('root_reportIssuedDate', '2026-11-28');
    await attachPdf(staff, `${trfNo}-v2.pdf`);
    await staff.page.getByTestId('form-save').click();
    await staff.page.waitForURL(/\/report\/detail\?id=/);
    const v2No = (await staff.page.getByTestId('detail-title').textContent()) ?? '';
    expect(v2No).not.toBe(v1No);
    await staff.seeText('< 20 mg/kg', staff.page.getByTestId('child-list-testLine'));
    await staff.act(rep.action('ISSUE'), async (dialog) => staff.button(rep.action('ISSUE'), dialog).click());
    await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('notReviewed'));
    const versions = staff.page.getByTestId('child-list-report');
    await staff.seeText(text(reportViews[1]!.label, lang), versions);
    await expect.poll(() => versions.locator('.ant-table-row').count(), POLL).toBe(2);
    await staff.seeText(v1No, versions);
    await staff.seeText(v2No, versions);
    await staff.shot('report-versions');
    await staff.page.context().close();

    // The applicant opens the report from the TRF, version 1 included, and downloads its PDF.
    const applicant = await portalServer.open(lang, '/wel/index');
    await applicant.logIn('applicant', PASSWORD);
    await applicant.page.goto(trfUrl);
    const theirs = applicant.page.getByTestId('child-list-report');
    await applicant.seeText(v2No, theirs);
    expect(await applicant.page.getByTestId('child-new-report').count()).toBe(0);
    await applicant.shot('trf-reports-applicant');
    await theirs.getByText(v1No, { exact: true }).click();
    await applicant.page.waitForURL(/\/report\/detail\?id=/);
    await expect.poll(() => applicant.page.getByTestId('detail-title').textContent(), POLL).toBe(v1No);
    const pdf = applicant.page.locator('[data-section=file]').getByRole('link', { name: `${trfNo}-v1.pdf` });
    const href = await pdf.getAttribute('href');
    const token = await applicant.page.evaluate(() => sessionStorage.getItem('portico_token'));
    const download = await applicant.page.request.get(`${applicant.baseUrl}${href}`, { headers: { 'Portico-Auth': `bearer ${token}` } });
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await applicant.seeText(line.field('testResult'), applicant.page.getByTestId('child-list-testLine'));
    await applicant.seeText('< 20 mg/kg', applicant.page.getByTestId('child-list-testLine'));
    await applicant.seeText(v2No, applicant.page.getByTestId('child-list-report'));
    await expectNoInternalCodes(applicant.page);
    await applicant.shot('report-applicant-from-trf');
    await applicant.page.context().close();
  });
});
