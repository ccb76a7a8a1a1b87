import { describe, expect, it } from 'vitest';
import { createStaticRegistry, enumLabel, productMenu, text, type Language } from '../../engine/index.ts';
import { DEMO_USERS } from '../../server/seed/demo-data.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { expectNoInternalCodes, POLL, type PortalPage } from './portal-page.ts';
import { apiSession } from './journey-seed.ts';
import { REPORT_PDF } from './report-steps.ts';
import { completeCertificate, type CertificateParties } from './efiling-steps.ts';

/**
 * Issue 53, internal staff's journey in both languages: a TRF the applicant submitted (needing US
 * e-filing) is accepted, its sample received, tested; staff make its report with the PDF, enter the
 * test results in the data-entry grid, issue the report and the TRF's report; then revise the
 * report (version 2, a result corrected on its test line's page, issued: version 1 stays as it
 * was, and the report lists both versions), complete the TRF's e-filing certificate (which names
 * the report's current version), file it with the regulator emulator and read the reference no.
 * it answered.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const report = registry.get('report');
const testLine = registry.get('testLine');
const certificate = registry.get('cpscTrfInfo');
const RESULTS_GROUP = productMenu().groups.find((g) => g.id === 'testResults')!.label;
const STAFF_NAME = DEMO_USERS.find((u) => u.account === 'staff')!.userName;
const LINES = [['Formaldehyde content', '< 20 mg/kg'], ['pH value', '6.8']] as const;

/** What the applicant and staff did before the journey (API, not the pages): the e-filing masters and the submitted TRF. */
async function seed(lang: Language): Promise<{ trfNo: string; parties: CertificateParties }> {
  const staff = await apiSession(portalServer.url, 'staff');
  const applicant = await apiSession(portalServer.url, 'applicant');
  const buyer = `Staff journey buyer ${lang}`;
  const addr = { gln: '0614141000012', addressLine1: '1 Harbour Road', country: 'CN', city: 'Shanghai' };
  const parties = { importer: `Importer ${lang}`, citation: `16 CFR 1501 ${lang}`, manufacturer: `Maker ${lang}`, lab: `Lab ${lang}`, contact: `Records ${lang}` };
  await staff('POST', '/api/entities/importerCustomer', {
    doc: { name: parties.importer, certifierId: 'CERT-001', country: 'US', city: 'Seattle', address: '1 Pier Street', secretKey: 'sk-journey', token: 'tok-journey', expiringDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) },
  });
  await staff('POST', '/api/entities/citation', { doc: { code: parties.citation, regulation: 'Small parts for children under 3', productCategory: 'Toys', certificate: 'CPC', keyword: `journey-${lang}` } });
  for (const [type, name] of [['manufacturer', parties.manufacturer], ['lab', parties.lab], ['pointOfContact', parties.contact]]) await staff('POST', '/api/entities/tradeParty', { doc: { type, name, ...addr } });
  await staff('POST', '/api/entities/trfMapping', { doc: { productLine: `Toys ${lang}`, customerName: buyer, productCategory: 'Toys' } });
  const trf = await applicant<{ id: string; version: number; doc: { trfNo: string } }>('POST', '/api/entities/trf', {
    doc: {
      template: 'TPL-TOYS', sampleReceivedDate: '2026-11-20', dueDate: '2026-11-30', isEfilling: true,
      buyer: { companyId: 'c-buyer', name: buyer, contactName: 'Wang', contactEmail: 'wang@example.com' },
      applicant: { companyId: 'c-applicant', name: 'Demo Applicant Co., Ltd.', contactName: 'Zhang', contactEmail: 'zhang@example.com' },
      samples: [{ sampleNo: 'S-1', description: `Plush toy ${lang}` }],
    },
  });
  await applicant('POST', `/api/entities/trf/${trf.id}/events`, { type: 'SUBMIT', version: trf.version });
  return { trfNo: trf.doc.trfNo, parties };
}

/** Opens the TRF from the TRF list (the main menu) and waits for its detail in the state. */
async function openTrf(staff: PortalPage, trfNo: string, state: string): Promise<void> {
  const trf = trfTexts(staff.lang);
  await staff.openMenu(trf.entity);
  await staff.page.waitForURL(/\/trf\/newList/);
  await staff.page.getByRole('link', { name: trfNo, exact: true }).click();
  await staff.page.waitForURL(/\/trf\/trfDetail\?id=/);
  await expect.poll(() => staff.stateTag(), POLL).toBe(state);
}

/** Presses a report's Issue report, confirming, and waits for it to be issued (not reviewed yet). */
async function issueReport(staff: PortalPage): Promise<void> {
  const rep = entityTexts(report, staff.lang);
  await staff.act(rep.action('ISSUE'), async (dialog) => {
    await staff.seeText(rep.confirm('ISSUE'), dialog);
    await staff.button(rep.action('ISSUE'), dialog).click();
  });
  await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('notReviewed'));
}

/** The submitted TRF taken to Completed: accepted, its sample received (the date confirmed), tested. */
async function testTrf(staff: PortalPage, trfNo: string): Promise<void> {
  const trf = trfTexts(staff.lang);
  await openTrf(staff, trfNo, trf.status('submitted'));
  await staff.act(trf.action('ACCEPT_APPLICATION'));
  await expect.poll(() => staff.stateTag(), POLL).toBe(trf.status('applicationAccepted'));
  await staff.act(trf.action('CONFIRM_SAMPLE_RECEIVED'), async (dialog) => {
    await expect.poll(() => dialog.locator('#root_sampleReceivedDate').inputValue(), POLL).toBe('2026-11-20');
    await staff.button(trf.action('CONFIRM_SAMPLE_RECEIVED'), dialog).click();
  });
  await expect.poll(() => staff.stateTag(), POLL).toBe(trf.status('accepted'));
  await staff.act(trf.action('START_TESTING'));
  await expect.poll(() => staff.stateTag(), POLL).toBe(trf.status('testing'));
  await staff.act(trf.action('COMPLETE_TESTING'));
  await expect.poll(() => staff.stateTag(), POLL).toBe(trf.status('completed'));
}

/** The report made from the TRF's Test reports list, with its PDF; its results typed in the data-entry grid; issued. Answers its number. */
async function reportAndResults(staff: PortalPage, trfNo: string): Promise<string> {
  const { page, lang } = staff;
  const rep = entityTexts(report, lang);
  const line = entityTexts(testLine, lang);
  await page.getByTestId('child-new-report').click();
  await page.waitForURL(/\/report\/form\?parent=/);
  await staff.pick('root_conclusion', enumLabel(report.schema.properties.conclusion, 'seeResult', lang));
  await staff.typeDate('root_testStartDate', '2026-11-21');
  await staff.typeDate('root_reportIssuedDate', '2026-11-25');
  await page.locator('[data-section=file] input[type=file]').setInputFiles({ name: `${trfNo}.pdf`, mimeType: 'application/pdf', buffer: REPORT_PDF });
  await staff.seeText(`${trfNo}.pdf`, page.locator('[data-section=file]'));
  await staff.shot('journey-staff-report-form', false);
  await page.getByTestId('form-save').click();
  await page.waitForURL(/\/report\/detail\?id=/);
  await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('draft'));
  const reportNo = (await page.getByTestId('detail-title').textContent()) ?? '';
  expect(reportNo).toMatch(/^RPT\d+/);
  const reportId = new URL(page.url()).searchParams.get('id')!;
  const stored = async () => (await staff.api<{ items: unknown[] }>('GET', `/api/entities/testLine?f.reportId=${reportId}`)).items.length;

  // Test results › Result entry: the report picked by its TRF's number, two lines typed and saved.
  await staff.openMenuEntry(text(RESULTS_GROUP, lang), ui(lang, 'dataEntry.title'));
  await page.waitForURL(/\/dataEntry\/inputResult/);
  await staff.pick('pick-report', trfNo);
  const grid = page.getByTestId('result-grid');
  for (const [i, [name, result]] of LINES.entries()) {
    await page.getByTestId('add-line').click();
    await grid.getByLabel(`${line.field('testName')} ${i + 1}`, { exact: true }).fill(name);
    await grid.getByLabel(`${line.field('testResult')} ${i + 1}`, { exact: true }).fill(result);
    await grid.getByLabel(`${line.field('sampleNo')} ${i + 1}`, { exact: true }).fill('S-1');
    await staff.button(`${ui(lang, 'dataEntry.save')} ${i + 1}`, grid).click();
    await staff.seeText(ui(lang, 'dataEntry.saved'));
    await expect.poll(stored, POLL).toBe(i + 1);
  }
  await expect.poll(() => staff.button(`${ui(lang, 'dataEntry.save')} 2`, grid).isDisabled(), POLL).toBe(true);
  await staff.shot('journey-staff-results', false);

  // Back on the report (the grid's page replaced its own address): the lines, then Issue report.
  await page.goBack();
  await page.waitForURL(/\/report\/detail\?id=/);
  for (const [name, result] of LINES) await staff.seeText(result, page.getByTestId('child-list-testLine').locator('tr', { hasText: name }));
  await issueReport(staff);
  return reportNo;
}

/** Revises the issued report from its page: version 2 (its date and PDF), a result corrected on its line's page, issued. Answers its number. */
async function revise(staff: PortalPage, trfNo: string, v1: string): Promise<string> {
  const { page, lang } = staff;
  const rep = entityTexts(report, lang);
  await staff.button(text(report.entity.copy!.label, lang), page.getByTestId('detail-actions')).click();
  await page.waitForURL(/\/report\/form\?id=/);
  await staff.seeText(ui(lang, 'renderer.detail.revised', { version: 2 }));
  // The revision keeps what the report said but its issue date and PDF, which are the new version's.
  const form = page.getByTestId('entity-form');
  await form.locator('#root_reportIssuedDate').waitFor();
  expect(await form.locator('[data-section=file]').getByText(`${trfNo}.pdf`).count()).toBe(0);
  await staff.typeDate('root_reportIssuedDate', '2026-11-28');
  await page.locator('[data-section=file] input[type=file]').setInputFiles({ name: `${trfNo}-v2.pdf`, mimeType: 'application/pdf', buffer: REPORT_PDF });
  await staff.seeText(`${trfNo}-v2.pdf`, page.locator('[data-section=file]'));
  await page.getByTestId('form-save').click();
  await page.waitForURL(/\/report\/detail\?id=/);
  const v2Url = page.url();
  await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('draft'));
  const v2 = (await page.getByTestId('detail-title').textContent()) ?? '';
  expect(v2).toMatch(/^RPT\d+/);
  expect(v2).not.toBe(v1);
  // Version 2 of the original report, which its history names (by its number).
  await expect.poll(() => page.locator('[data-section=basic]').filter({ visible: true }).innerText(), POLL).toMatch(new RegExp(`${rep.field('reportVersion')}\\s+2(\\s|$)`));
  await staff.seeText(v1, page.locator('[data-section=basic]'));
  await staff.seeText(ui(lang, 'renderer.history.copiedFrom', { title: v1 }), page.getByTestId('history'));

  // The revision took the lines; the pH value is corrected on its line's own page.
  const lines = page.getByTestId('child-list-testLine');
  await lines.locator('tr', { hasText: 'pH value' }).getByRole('link').first().click();
  await page.waitForURL(/\/testLine\/detail\?id=/);
  await staff.button(ui(lang, 'renderer.detail.edit'), page.getByTestId('detail-actions')).click();
  await page.waitForURL(/\/testLine\/form\?id=/);
  await page.locator('#root_testResult').fill('7.1');
  await page.getByTestId('form-save').click();
  await page.waitForURL(/\/testLine\/detail\?id=/);
  await staff.seeText('7.1', page.getByTestId('entity-detail'));
  // Back to version 2 by its tab (each page visited stays open in the tab bar).
  await page.getByTestId('open-tabs').getByRole('tab', { name: v2 }).click();
  await page.waitForURL(v2Url);
  await staff.seeText('7.1', lines.locator('tr', { hasText: 'pH value' }));
  await issueReport(staff);

  // The report's versions: both, each issued; version 1 opens as it was, with its PDF.
  const versions = page.getByTestId('child-list-report');
  await expect.poll(() => versions.locator('tbody tr.ant-table-row').count(), POLL).toBe(2);
  await staff.seeText(rep.status('notReviewed'), versions.locator('tr', { hasText: v1 }));
  await staff.shot('journey-staff-report-versions');
  await versions.getByRole('link', { name: v1, exact: true }).click();
  await expect.poll(() => page.getByTestId('detail-title').textContent(), POLL).toBe(v1);
  await expect.poll(() => staff.stateTag(), POLL).toBe(rep.status('notReviewed'));
  await staff.seeText('6.8', lines.locator('tr', { hasText: 'pH value' }));
  const pdf = page.locator('[data-section=file]').getByRole('link', { name: `${trfNo}.pdf` });
  const download = await page.request.get(`${staff.baseUrl}${await pdf.getAttribute('href')}`, { headers: { 'Portico-Auth': `bearer ${await page.evaluate(() => sessionStorage.getItem('portico_token'))}` } });
  expect([download.status(), (await download.body()).subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
  await staff.shot('journey-staff-report-v1');
  return v2;
}

/** The TRF's certificate (its US e-filing tab) completed in its form, then submitted, validated and filed with the regulator emulator. */
async function efile(staff: PortalPage, trfNo: string, parties: CertificateParties, reportNo: string): Promise<void> {
  const { page, lang } = staff;
  const cert = entityTexts(certificate, lang);
  const trf = trfTexts(lang);
  await openTrf(staff, trfNo, trf.status('reportIssued'));
  const tabs = page.getByTestId('related-tabs');
  await tabs.locator('tr', { hasText: trfNo }).getByRole('link').first().click();
  await page.waitForURL(/\/trf\/cpscTrfInfo\/detail\?id=/);
  await staff.button(ui(lang, 'renderer.detail.edit'), page.getByTestId('detail-actions')).click();
  await page.waitForURL(/\/trf\/cpscTrfInfo\/form\?id=/);
  await completeCertificate(staff, parties);
  await expect.poll(() => page.locator('#root_certifierId').inputValue(), POLL).toBe('CERT-001');
  await staff.save(ui(lang, 'renderer.form.saveDraft'));
  await page.waitForURL(/\/trf\/cpscTrfInfo\/detail\?id=/);
  // The certificate names the report's current version (its revision), filled from the TRF.
  await staff.seeText(reportNo, page.locator('[data-section=report]'));
  await staff.act(cert.action('SUBMIT'));
  await staff.act(cert.action('VALIDATE'));
  await expect.poll(() => staff.stateTag(), POLL).toBe(cert.status('validated'));
  await staff.act(cert.action('SEND_TO_REGULATOR'), async (dialog) => staff.button(cert.action('SEND_TO_REGULATOR'), dialog).click());
  await expect.poll(() => staff.stateTag(), POLL).toBe(cert.status('filed'));
  // The reference no. the emulator answered, in the certificate's Regulator section.
  const regulator = page.locator('[data-section=regulator]');
  await staff.seeText(cert.field('referenceNo'), regulator);
  const shown = regulator.getByText(/EMU-CPSC-\d{8}-\d{6}/);
  await shown.waitFor();
  const filed = await staff.api<{ doc: { referenceNo: string; testReportId: string } }>('GET', `/api/entities/cpscTrfInfo/${new URL(page.url()).searchParams.get('id')}`);
  expect(filed.doc).toMatchObject({ referenceNo: (await shown.textContent())?.trim(), testReportId: reportNo });
  // The regulator's answer in the history, recorded as sent by staff (the certificate was made by the applicant's TRF).
  const answered = page.getByTestId('history').locator('.ant-timeline-item', { hasText: cert.action('REGULATOR_ACCEPTED') });
  await staff.seeText(STAFF_NAME, answered);
  await expectNoInternalCodes(page);
  await staff.shot('journey-staff-filed');
}

describe('the internal staff journey (issue 53)', () => {
  it.each<Language>(['zh-CN', 'en-US'])('staff take a submitted TRF through testing, results and its report, revise the report and e-file the certificate (%s)', async (lang) => {
    const { trfNo, parties } = await seed(lang);
    const staff = await portalServer.signedIn('staff', lang, '/trf/newList');
    const trf = trfTexts(lang);

    await testTrf(staff, trfNo);
    const v1 = await reportAndResults(staff, trfNo);

    // The TRF's report issued: the TRF moves to Report Issued, its report listed there.
    await openTrf(staff, trfNo, trf.status('completed'));
    await staff.act(trf.action('ISSUE_REPORT'), async (dialog) => staff.button(trf.action('ISSUE_REPORT'), dialog).click());
    await expect.poll(() => staff.stateTag(), POLL).toBe(trf.status('reportIssued'));
    await staff.shot('journey-staff-trf-issued');

    // The report revised from the TRF's report list.
    await staff.page.getByTestId('child-list-report').getByRole('link', { name: v1, exact: true }).click();
    await staff.page.waitForURL(/\/report\/detail\?id=/);
    const v2 = await revise(staff, trfNo, v1);

    await efile(staff, trfNo, parties, v2);
    await staff.page.context().close();
  });
});
