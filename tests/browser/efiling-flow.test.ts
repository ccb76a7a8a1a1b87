import { expect, it, describe } from 'vitest';
import { createStaticRegistry, enumLabel, text, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';
import { completeCertificate } from './efiling-steps.ts';

/**
 * US e-filing in the browser (issue 20), in both languages: staff add a citation and a trade
 * party (the GLN's check digit refused first), enter an importer customer's credentials (the
 * key shown masked), open the certificate a TRF needing e-filing got from the TRF's US e-filing
 * tab (filled from the mapping and, once the TRF's report is issued, from the report), take it
 * through submit and validation and send it to the regulator
 * emulator, which answers its reference no.; a second filing whose importer key has expired shows
 * the §8 message and nothing is sent (its log with the regulator empty). The certificate's
 * elements are completed in its form, as staff would. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('US e-filing in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('staff file a certificate with the regulator; an expired key is refused (%s)', async (lang) => {
    const cert = entityTexts(registry.get('cpscTrfInfo'), lang);
    const party = entityTexts(registry.get('tradeParty'), lang);
    const citation = entityTexts(registry.get('citation'), lang);
    const staff = await portalServer.signedIn('staff', lang, '/wel/index');

    // A citation, from the list's New button.
    await staff.page.goto(`${portalServer.url}/eFiling/citation/list`);
    await staff.seeText(citation.entity, staff.page.getByRole('heading'));
    await staff.button(ui(lang, 'renderer.list.new')).click();
    await staff.page.waitForURL(/\/eFiling\/citation\/form$/);
    const code = `16 CFR 1501 ${lang}`;
    await staff.page.locator('#root_code').fill(code);
    await staff.page.locator('#root_regulation').fill('Small parts for children under 3');
    await staff.page.locator('#root_keyword').fill(`smallparts-${lang}`);
    await staff.pick('root_certificate');
    await staff.shot(`efiling-citation-form-${lang}`);
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.page.waitForURL(/\/eFiling\/citation\/detail\?id=/);
    await staff.seeText('Small parts for children under 3');

    // A trade party: a GLN with a wrong check digit is refused in the user's language, then corrected.
    await staff.page.goto(`${portalServer.url}/eFiling/tradeParty/form`);
    await staff.pick('root_type', enumLabel(registry.get('tradeParty').schema.properties.type, 'manufacturer', lang));
    await staff.page.locator('#root_name').fill(`Maker ${lang}`);
    await staff.page.locator('#root_gln').fill('0614141000013');
    await staff.page.locator('#root_addressLine1').fill('1 Harbour Road');
    await staff.page.locator('#root_country').fill('CN');
    await staff.page.locator('#root_city').fill('Shenzhen');
    await staff.page.locator('#root_email').fill('maker@example.com');
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.seeText(lang === 'zh-CN' ? '不是有效的 GLN（13 位数字，末位须为 GS1 校验位）' : 'is not a valid GLN (13 digits with a GS1 check digit)');
    await staff.shot(`efiling-trade-party-gln-${lang}`);
    await staff.page.locator('#root_gln').fill('0614141000012');
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.page.waitForURL(/\/eFiling\/tradeParty\/detail\?id=/);
    await staff.seeText(`Maker ${lang}`);
    expect(await staff.page.getByText(party.field('gln')).count()).toBeGreaterThan(0);
    const manufacturerId = new URL(staff.page.url()).searchParams.get('id')!;

    // The importer customer's credentials: the secret key is shown masked once saved.
    await staff.page.goto(`${portalServer.url}/eFiling/importerCustomer/form`);
    await staff.page.locator('#root_name').fill(`Importer ${lang}`);
    await staff.page.locator('#root_certifierId').fill('CERT-001');
    await staff.page.locator('#root_country').fill('US');
    await staff.page.locator('#root_city').fill('Seattle');
    await staff.page.locator('#root_address').fill('1 Pier Street');
    await staff.page.locator('#root_secretKey').fill('sk-live-browser');
    await staff.page.locator('#root_token').fill('tok-browser');
    await staff.typeDate('root_expiringDate', inDays(60));
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.page.waitForURL(/\/eFiling\/importerCustomer\/detail\?id=/);
    await staff.seeText('********');
    expect(await staff.page.getByText('sk-live-browser').count()).toBe(0);
    await staff.shot(`efiling-importer-${lang}`);
    const importerId = new URL(staff.page.url()).searchParams.get('id')!;

    // The rest of the masters through the API as the same user.
    const post = <T>(entity: string, doc: Record<string, unknown>) => staff.api<T & { id: string }>('POST', `/api/entities/${entity}`, { doc });
    const addr = { gln: '0614141000012', addressLine1: '1 Harbour Road', country: 'CN', city: 'Shanghai' };
    const lab = await post('tradeParty', { type: 'lab', name: `Lab ${lang}`, ...addr });
    const contact = await post('tradeParty', { type: 'pointOfContact', name: `Records ${lang}`, ...addr });
    const [cit] = (await staff.api<{ items: { id: string }[] }>('GET', `/api/entities/citation?f.keyword=${encodeURIComponent(`smallparts-${lang}`)}`)).items;
    /** Completes a certificate's elements in the open form, as staff would (efiling-steps.ts). */
    const complete = (importer: string) => completeCertificate(staff, { importer, citation: code, manufacturer: `Maker ${lang}`, lab: `Lab ${lang}`, contact: `Records ${lang}` });
    // A TRF needing US e-filing gets its certificate (the TRF's `spawns`), filled from the mapping;
    // its detail page shows it in the US e-filing tab, which leads to the certificate.
    await post('trfMapping', { productLine: `Toys ${lang}`, customerName: `E-filing buyer ${lang}`, productCategory: 'Toys' });
    // The applicant makes the TRF and submits it; staff take it from there.
    const applicant = await portalServer.signedIn('applicant', lang, '/trf/newList');
    const trf = await applicant.api<{ id: string; version: number; doc: { trfNo: string } }>('POST', '/api/entities/trf', { doc: {
      template: 'TPL-TEXTILE', sampleReceivedDate: '2026-11-01', isEfilling: true,
      buyer: { companyId: 'c-buyer', name: `E-filing buyer ${lang}` }, applicant: { companyId: 'c-applicant', name: 'Demo Applicant' }, samples: [{ sampleNo: 'S-1', description: 'Plush toy' }],
    } });
    const submitted = await applicant.api<{ version: number }>('POST', `/api/entities/trf/${trf.id}/events`, { type: 'SUBMIT', version: trf.version });
    await applicant.page.context().close();
    await staff.page.goto(`${portalServer.url}/trf/trfDetail?id=${trf.id}`);
    const tabs = staff.page.getByTestId('related-tabs');
    await staff.seeText(text(registry.get('trf').views.detail.children![0]!.label, lang), tabs);
    await staff.shot(`efiling-trf-tab-${lang}`);
    await tabs.locator('tr', { hasText: trf.doc.trfNo }).getByRole('link').first().click();
    await staff.page.waitForURL(/\/trf\/cpscTrfInfo\/detail\?id=/);
    const filingId = new URL(staff.page.url()).searchParams.get('id')!;
    await staff.seeText(`Toys ${lang}`);
    await staff.seeText(`E-filing buyer ${lang}`);
    // The TRF is tested and its report issued: the TRF's ISSUE_REPORT brings the report to the certificate (spawns.refreshOn).
    let moved = submitted;
    const move = async (type: string, payload?: Record<string, unknown>) => {
      moved = await staff.api<{ version: number }>('POST', `/api/entities/trf/${trf.id}/events`, { type, version: moved.version, ...(payload ? { payload } : {}) });
    };
    await move('ACCEPT_APPLICATION');
    await move('CONFIRM_SAMPLE_RECEIVED', { sampleReceivedDate: '2026-11-02' });
    for (const type of ['START_TESTING', 'COMPLETE_TESTING']) await move(type);
    const pdf = await staff.api<Record<string, unknown>>('POST', '/api/files?name=report.pdf', Buffer.from('%PDF-1.7\n% e-filing report\n'), 'application/pdf');
    const report = await post<{ version: number; doc: { reportNo: string } }>('report', { trfId: trf.id, trfNo: trf.doc.trfNo, conclusion: 'pass', testStartDate: '2026-11-03', reportIssuedDate: '2026-11-08', reportPdf: [pdf] });
    await staff.api('POST', `/api/entities/report/${report.id}/events`, { type: 'ISSUE', version: report.version });
    await move('ISSUE_REPORT');
    await staff.page.reload();
    await staff.seeText(report.doc.reportNo);
    // The certificate shows what the TRF, its report and the mapping filled; staff complete its
    // elements in the form (the importer, which brings its certifier id, the product id, the
    // citation, the parties, the lab id, the dates and places), keeping what was filled.
    const made = await staff.api<{ version: number; doc: Record<string, unknown> }>('GET', `/api/entities/cpscTrfInfo/${filingId}`);
    expect(made.doc).toMatchObject({ trfId: trf.id, trfNo: trf.doc.trfNo, productLine: `Toys ${lang}`, testReportId: report.doc.reportNo, testReportKey: report.id });
    await staff.button(ui(lang, 'renderer.detail.edit'), staff.page.getByTestId('detail-actions')).click();
    await staff.page.waitForURL(/\/trf\/cpscTrfInfo\/form\?id=/);
    await expect.poll(() => staff.page.locator('#root_trfNo').inputValue(), POLL).toBe(trf.doc.trfNo);
    expect(await staff.page.locator('#root_testReportId').inputValue()).toBe(report.doc.reportNo);
    await complete(`Importer ${lang}`);
    await expect.poll(() => staff.page.locator('#root_certifierId').inputValue(), POLL).toBe('CERT-001');
    await staff.shot(`efiling-certificate-form-${lang}`);
    await staff.save(ui(lang, 'renderer.form.saveDraft'));
    await staff.page.waitForURL(/\/trf\/cpscTrfInfo\/detail\?id=/);
    for (const shown of [`Importer ${lang}`, 'CERT-001', '00012345678905', code, `Maker ${lang}`, `Lab ${lang}`, `Records ${lang}`, 'Shenzhen, CN', 'Shanghai, CN', report.doc.reportNo, `Toys ${lang}`]) await staff.seeText(shown);
    const filing = { id: filingId };
    const completed = await staff.api<{ doc: Record<string, unknown> }>('GET', `/api/entities/cpscTrfInfo/${filingId}`);
    expect(completed.doc).toMatchObject({
      trfId: trf.id, trfNo: trf.doc.trfNo, productLine: `Toys ${lang}`, testReportId: report.doc.reportNo, certificateType: 'full', importerCustomerId: importerId, certifierId: 'CERT-001',
      productIds: [{ type: 'gtin', value: '00012345678905' }], childrensProduct: true, cpscLabId: '1234', citations: [cit!.id], manufacturerId, labId: lab.id, pointOfContactId: contact.id,
      manufactureDate: '2026-09-01', manufacturePlace: 'Shenzhen, CN', lastTestDate: '2026-09-10', testPlace: 'Shanghai, CN',
    });

    // The work list shows it waiting for submission; the detail takes it to the regulator.
    await staff.page.goto(`${portalServer.url}/eFiling/index`);
    const row = staff.page.locator('tr', { hasText: trf.doc.trfNo });
    await staff.seeText(cert.status('saved'), row);
    await staff.shot(`efiling-work-list-${lang}`);
    await staff.page.goto(`${portalServer.url}/trf/cpscTrfInfo/detail?id=${filing.id}`);
    await staff.act(cert.action('SUBMIT'));
    await staff.act(cert.action('VALIDATE'));
    await expect.poll(() => staff.stateTag(), POLL).toBe(cert.status('validated'));
    await staff.act(cert.action('SEND_TO_REGULATOR'), async (d) => staff.button(cert.action('SEND_TO_REGULATOR'), d).click());
    await expect.poll(() => staff.stateTag(), POLL).toBe(cert.status('filed'));
    await staff.seeText(cert.field('referenceNo'));
    await expect.poll(() => staff.page.getByText(/EMU-CPSC-\d{8}-\d{6}/).count(), POLL).toBeGreaterThan(0);
    // The exchange with the emulator in the certificate's log: the certificate sent, accepted.
    const exchangeLog = staff.page.getByTestId('filing-exchanges');
    await staff.seeText(ui(lang, 'efiling.kinds.submit'), exchangeLog);
    await staff.seeText(text(registry.get('cpscTrfInfo').entity.actions!.REGULATOR_ACCEPTED!.label, lang), exchangeLog);
    expect(await exchangeLog.locator('tbody tr.ant-table-row').count()).toBe(1);
    await staff.shot(`efiling-filed-${lang}`);

    // A second filing whose importer's key has expired: the message, and nothing sent.
    await post('importerCustomer', { name: `Expired ${lang}`, certifierId: 'CERT-002', country: 'US', city: 'Seattle', address: '2 Pier Street', secretKey: 'sk-old', token: 'tok-old', expiringDate: inDays(-1) });
    await staff.page.goto(`${portalServer.url}/trf/cpscTrfInfo/form`);
    await staff.page.locator('#root_trfNo').fill(`TRF-EF2-${lang}`);
    await complete(`Expired ${lang}`);
    await expect.poll(() => staff.page.locator('#root_certifierId').inputValue(), POLL).toBe('CERT-002');
    await staff.save(ui(lang, 'renderer.form.saveDraft'));
    await staff.page.waitForURL(/\/trf\/cpscTrfInfo\/detail\?id=/);
    const second = { id: new URL(staff.page.url()).searchParams.get('id')! };
    await staff.seeText(`Expired ${lang}`);
    await staff.shot(`efiling-second-${lang}`);
    await staff.act(cert.action('SUBMIT'));
    await staff.act(cert.action('VALIDATE'));
    await staff.button(cert.action('SEND_TO_REGULATOR'), staff.page.getByTestId('detail-actions')).click();
    await staff.button(cert.action('SEND_TO_REGULATOR'), staff.dialog()).click();
    const keyExpired = text(registry.get('cpscTrfInfo').entity.actions!.SEND_TO_REGULATOR!.requiresLinked!.notPast!.message, lang);
    await staff.seeText(keyExpired);
    await staff.shot(`efiling-key-expired-${lang}`);
    await expect.poll(() => staff.stateTag(), POLL).toBe(cert.status('validated'));
    // Nothing was sent: the certificate's log with the regulator is empty, and says so.
    await staff.seeText(ui(lang, 'efiling.none'), staff.page.getByTestId('filing-exchanges'));
    expect(await staff.page.getByTestId('filing-exchanges').locator('tbody tr.ant-table-row').count()).toBe(0);
    expect(await staff.api<unknown[]>('GET', `/api/efiling/filings/${second.id}/exchanges`)).toEqual([]);
    await staff.page.context().close();
  });
});
