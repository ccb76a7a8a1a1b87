import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { completedTrf, issuedReport, uploadPdf } from '../support/reports.ts';
import { userByAccount } from '../../server/auth/sessions.ts';
import { DEMO_EFILING_CUSTOMER, seedDemoEfiling } from '../../server/seed/demo-efiling.ts';
import { publishSampleForm } from './templates-fixture.ts';

type Made = { id: string; version: number; doc: Record<string, unknown>; states: Record<string, string>; createdBy?: string };

/**
 * The TRF link of the e-filing module (docs/efiling.md, "From the TRF"): a TRF needing e-filing
 * (`isEfilling`) gets exactly one certificate, made by the TRF's `spawns` declaration in the TRF's
 * transaction, and the certificate fills what it leaves empty from its TRF, the matching TRF
 * mapping and the TRF's issued report (EfilingTrfFill) — never overwriting what was entered.
 */
describe.each(BACKENDS)('e-filing certificates from TRFs on %s', (backend) => {
  let h: ApiHarness;
  const t = { applicant: '', staff: '', buyer: '' };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of Object.keys(t) as (keyof typeof t)[]) t[a] = await h.login(a);
  });
  afterAll(() => h.close());

  const create = async (entity: string, doc: Record<string, unknown>, token: string): Promise<Made> => {
    const res = await h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const certificatesOf = async (trfId: string, token = t.staff): Promise<Made[]> => {
    const res = await h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo?f.trfId=${encodeURIComponent(trfId)}&pageSize=50`, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items;
  };
  const full = async (id: string, token = t.staff): Promise<Made> => (await h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo/${id}`, token })).body.data;

  it('makes no certificate for a TRF without e-filing, one when isEfilling is set, and never a second', async () => {
    const trf = await create('trf', validTrf({ buyer: { companyId: 'c-buyer', name: 'Link Buyer One' } }), t.applicant);
    expect(await certificatesOf(trf.id)).toEqual([]);
    const updated = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, payload: { doc: { ...trf.doc, isEfilling: true }, version: trf.version }, token: t.applicant });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const [cert, ...more] = await certificatesOf(trf.id);
    expect(more).toEqual([]);
    const stored = await full(cert!.id);
    expect(stored.doc).toMatchObject({ trfId: trf.id, trfNo: trf.doc.trfNo });
    expect(stored.states.$status).toBe('saved');
    // Saved again and submitted: still the one certificate.
    const again = updated.body.data as Made;
    const saved = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, payload: { doc: { ...again.doc, remark: 'again' }, version: again.version }, token: t.applicant });
    expect(saved.status).toBe(200);
    const submitted = await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, payload: { type: 'SUBMIT', version: saved.body.data.version }, token: t.applicant });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await certificatesOf(trf.id)).map((c) => c.id)).toEqual([cert!.id]);
    // The TRF's party sees its certificate through the TRF (access.parent), another company does not.
    expect((await h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo/${cert!.id}`, token: t.applicant })).status).toBe(200);
  });

  it('fills the certificate from the matching mapping and leaves what was entered', async () => {
    await create('trfMapping', { productLine: 'Hardlines', customerName: 'Link Buyer Two', productCategory: 'Furniture' }, t.staff);
    const mapping = await create('trfMapping', { productLine: 'Toys', customerName: 'Link Buyer Two', productCategory: 'Plush toys', customerProductCategory: 'Soft toys' }, t.staff);
    const trf = await create('trf', validTrf({ isEfilling: true, buyer: { companyId: 'c-buyer', name: 'Link Buyer Two' }, cclInfo: { productCategory: 'Plush toys' } }), t.applicant);
    const [cert] = await certificatesOf(trf.id);
    const stored = await full(cert!.id);
    expect(stored.doc).toMatchObject({ mappingId: mapping.id, productLine: 'Toys', customerName: 'Link Buyer Two', productCategory: 'Plush toys', customerProductCategory: 'Soft toys' });
    // A certificate made by hand for the TRF keeps its own values; the empty ones are filled.
    const own = await create('cpscTrfInfo', { trfId: trf.id, certificateType: 'full', productLine: 'Own line' }, t.staff);
    expect(own.doc).toMatchObject({ trfNo: trf.doc.trfNo, productLine: 'Own line', customerName: 'Link Buyer Two', mappingId: mapping.id });
  });

  it("fills the certificate fields the mapping's dffFields name from the TRF's DFF data, keeping what is filled and what breaks a rule", async () => {
    await publishSampleForm(h, t.staff, 'efilingDff');
    const setting = await h.call({ method: 'POST', url: '/api/template-settings', token: t.staff, payload: { templateCode: 'efilingDff', customerGroup: 'CG-RETAIL', isDefault: true } });
    expect(setting.status, JSON.stringify(setting.body)).toBe(201);
    const dffFields = [
      { dffField: 'title', certificateField: 'manufacturePlace' },
      { dffField: 'color', certificateField: 'testPlace' },
      { dffField: 'qty', certificateField: 'cpscLabId' },
      { dffField: 'legacy', certificateField: 'manufactureDate' },
    ];
    const mapping = await create('trfMapping', { productLine: 'Toys', customerName: 'Link Buyer Dff', productCategory: 'Plush toys', dffTemplate: 'efilingDff', dffFields }, t.staff);
    const made = await h.call({
      method: 'POST',
      url: '/api/entities/trf',
      token: t.applicant,
      payload: {
        doc: validTrf({ isEfilling: true, buyer: { companyId: 'c-buyer', name: 'Link Buyer Dff' }, cclInfo: { productCategory: 'Plush toys' } }),
        dff: { template: 'efilingDff', doc: { title: 'Shenzhen, CN', color: 'Shanghai, CN', qty: '1234', legacy: 'not a date' } },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const trf = made.body.data as Made;
    expect(trf.doc.dff).toEqual({ template: 'efilingDff', recordId: expect.any(String) });
    // The certificate the TRF made: every named field from the DFF record; a value breaking the field's rule (a date) is left out.
    const [cert] = await certificatesOf(trf.id);
    const stored = await full(cert!.id);
    expect(stored.doc).toMatchObject({ mappingId: mapping.id, manufacturePlace: 'Shenzhen, CN', testPlace: 'Shanghai, CN', cpscLabId: '1234' });
    expect(stored.doc.manufactureDate).toBeUndefined();
    // A certificate with some of those fields filled keeps them; the empty ones are filled.
    const own = await create('cpscTrfInfo', { trfId: trf.id, certificateType: 'full', testPlace: 'Own lab, Guangzhou', cpscLabId: '4321' }, t.staff);
    expect(own.doc).toMatchObject({ mappingId: mapping.id, manufacturePlace: 'Shenzhen, CN', testPlace: 'Own lab, Guangzhou', cpscLabId: '4321' });
    // The DFF data changed on the TRF: an emptied certificate field takes the new value, a filled one stays.
    const changed = await h.call({
      method: 'PUT',
      url: `/api/entities/trf/${trf.id}`,
      token: t.applicant,
      payload: { doc: trf.doc, version: trf.version, dff: { template: 'efilingDff', doc: { title: 'Dongguan, CN', color: 'Ningbo, CN', qty: '1234', legacy: '2026-09-01' } } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const current = await full(own.id);
    const { manufacturePlace: _dropped, ...rest } = current.doc;
    const rewritten = await h.call({ method: 'PUT', url: `/api/entities/cpscTrfInfo/${own.id}`, payload: { doc: rest, version: current.version }, token: t.staff });
    expect(rewritten.status, JSON.stringify(rewritten.body)).toBe(200);
    expect(rewritten.body.data.doc).toMatchObject({ manufacturePlace: 'Dongguan, CN', manufactureDate: '2026-09-01', testPlace: 'Own lab, Guangzhou', cpscLabId: '4321' });
  });

  it('takes the test report id, key and address from the TRF report once it is issued', async () => {
    const trf = await completedTrf(h, t, validTrf({ isEfilling: true, buyer: { companyId: 'c-buyer', name: 'Link Buyer Three' } }));
    const [cert] = await certificatesOf(trf.id);
    const before = await full(cert!.id);
    expect(before.doc.testReportId).toBeUndefined();
    const report = await issuedReport(h, trf.id, t.staff);
    // The TRF's ISSUE_REPORT (spawns.refreshOn) writes the certificate again: the report reaches it with no save of its own.
    const current = (await h.call({ method: 'GET', url: `/api/entities/trf/${trf.id}`, token: t.staff })).body.data;
    const issued = await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, payload: { type: 'ISSUE_REPORT', version: current.version }, token: t.staff });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const stored = await full(cert!.id);
    expect(stored.version).toBe(before.version + 1);
    expect(stored.doc).toMatchObject({ testReportId: report.doc.reportNo, testReportKey: report.id });
    expect(String(stored.doc.testReportUrl)).toMatch(new RegExp(`/report/detail\\?id=${report.id}$`));
    const audit = (await h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo/${cert!.id}/history`, token: t.staff })).body.data;
    expect(JSON.stringify(audit)).toContain('testReportId');
  });

  it("follows the report's revision at the certificate's next save; a report number entered by hand is kept", async () => {
    const trf = await completedTrf(h, t, validTrf({ isEfilling: true, buyer: { companyId: 'c-buyer', name: 'Link Buyer Revised' } }));
    const [cert] = await certificatesOf(trf.id);
    const v1 = await issuedReport(h, trf.id, t.staff);
    const current = (await h.call({ method: 'GET', url: `/api/entities/trf/${trf.id}`, token: t.staff })).body.data;
    expect((await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, payload: { type: 'ISSUE_REPORT', version: current.version }, token: t.staff })).status).toBe(200);
    expect((await full(cert!.id)).doc).toMatchObject({ testReportId: v1.doc.reportNo, testReportKey: v1.id });
    // Version 2 of the report, issued: the certificate's next save names it, number, record and page.
    const copied = (await h.call({ method: 'POST', url: `/api/entities/report/${v1.id}/copy`, token: t.staff })).body.data;
    const pdf = await uploadPdf(h, t.staff, 2048, 'v2.pdf');
    const ready = (await h.call({ method: 'PUT', url: `/api/entities/report/${copied.id}`, payload: { doc: { ...copied.doc, reportIssuedDate: '2026-11-28', reportPdf: [pdf] }, version: copied.version }, token: t.staff })).body.data;
    const v2 = (await h.call({ method: 'POST', url: `/api/entities/report/${copied.id}/events`, payload: { type: 'ISSUE', version: ready.version }, token: t.staff })).body.data;
    expect(v2.doc.reportVersion).toBe(2);
    const save = async (doc: Record<string, unknown>) => {
      const stored = await full(cert!.id);
      const res = await h.call({ method: 'PUT', url: `/api/entities/cpscTrfInfo/${cert!.id}`, payload: { doc: { ...stored.doc, ...doc }, version: stored.version }, token: t.staff });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.doc as Record<string, unknown>;
    };
    const followed = await save({ manufacturePlace: 'Dongguan, CN' });
    expect(followed).toMatchObject({ testReportId: v2.doc.reportNo, testReportKey: v2.id, manufacturePlace: 'Dongguan, CN' });
    expect(String(followed.testReportUrl)).toMatch(new RegExp(`/report/detail\\?id=${v2.id}$`));
    // A number staff typed themselves (naming no version of the TRF's report as it filled it) is theirs.
    expect(await save({ testReportId: 'LAB-REPORT-7', testReportKey: v1.id })).toMatchObject({ testReportId: 'LAB-REPORT-7', testReportKey: v1.id });
  });

  it('refuses a certificate naming a TRF the user does not see, and one naming none is still allowed', async () => {
    const res = await h.call({ method: 'POST', url: '/api/entities/cpscTrfInfo', payload: { doc: { trfId: 'no-such-trf', certificateType: 'full' } }, token: t.staff, lang: 'zh-CN' });
    expect(res.status).toBe(400);
    expect((res.body.errors ?? []).map((e: { field: string }) => e.field)).toContain('trfId');
    expect((await h.call({ method: 'POST', url: '/api/entities/cpscTrfInfo', payload: { doc: { certificateType: 'disclaim' } }, token: t.staff })).status).toBe(201);
  });

  it('seeds the demo module: masters, an importer with emulator credentials, and the TRF certificate validated, which files to a reference no.', async () => {
    const trf = await completedTrf(h, t, validTrf({ isEfilling: true, buyer: { companyId: 'c-buyer', name: DEMO_EFILING_CUSTOMER } }));
    const report = await issuedReport(h, trf.id, t.staff);
    const staff = await userByAccount(h.db, 'staff');
    await seedDemoEfiling(h.db, h.registry, staff!, trf.id, 'http://localhost:3000');
    const [listed] = await certificatesOf(trf.id);
    const cert = await full(listed!.id);
    expect(cert.states.$status).toBe('validated');
    expect(cert.doc).toMatchObject({ productLine: 'Toys', customerName: DEMO_EFILING_CUSTOMER, testReportId: report.doc.reportNo, testReportUrl: `http://localhost:3000/report/detail?id=${report.id}` });
    const sent = await h.call({ method: 'POST', url: `/api/entities/cpscTrfInfo/${cert.id}/events`, payload: { type: 'SEND_TO_REGULATOR', version: cert.version }, token: t.staff });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.states.$status).toBe('filed');
    expect(sent.body.data.doc.referenceNo).toMatch(/\S/);
    // The certificate was made by the applicant (the TRF's spawn); the regulator's answer is recorded as staff's, who sent it.
    expect(cert.createdBy).not.toBe(staff!.id);
    const history = (await h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo/${cert.id}/history`, token: t.staff })).body.data as { event?: string; actorId: string }[];
    expect(history.find((e) => e.event === 'REGULATOR_ACCEPTED')?.actorId).toBe(staff!.id);
  });
});
