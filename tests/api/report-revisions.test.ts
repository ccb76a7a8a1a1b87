import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { completedTrf, issuedReport, reportDoc, uploadPdf } from '../support/reports.ts';

/**
 * Issue 53, items 2 and 3: an issued report's test lines are closed (`access.parent.closed` of
 * schemas/testLine/), an issued report changes only by a revision (`copy.revision` with
 * `copy.children`: a new version taking its lines, the old one readable and downloadable), and the
 * report is reached from its TRF (`detail.children` of schemas/trf/ with `create`).
 */
describe.each(BACKENDS)('report revisions and closed test lines on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<'applicant' | 'staff' | 'buyer' | 'supplier', string> = { applicant: '', staff: '', buyer: '', supplier: '' };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of Object.keys(t) as (keyof typeof t)[]) t[a] = await h.login(a);
  });
  afterAll(() => h.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>, lang = 'en-US') => h.call({ method, url, token, payload, lang });
  const linesOf = async (reportId: string, token: string) => (await call('GET', `/api/entities/testLine?f.reportId=${reportId}`, token)).body.data.items as any[];
  const CLOSED = {
    'en-US': 'The report is issued: its test results can no longer be added, changed or deleted. Revise the report (issue a new version) instead',
    'zh-CN': '报告已签发，测试结果不能再增加、修改或删除；请修订报告（签发新版本）',
  } as const;

  it("refuses adding, changing or deleting an issued report's test lines (403, both languages); the reviewer still reviews them", async () => {
    const trf = await completedTrf(h, t, validTrf());
    const report = await issuedReport(h, trf.id, t.staff, {}, [{ testName: 'pH value', testResult: '6.5' }]);
    const [line] = await linesOf(report.id, t.staff);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const added = await call('POST', '/api/entities/testLine', t.staff, { doc: { reportId: report.id, testName: 'Lead', testResult: '< 10 mg/kg' } }, lang);
      expect(added.status).toBe(403);
      expect(added.body).toMatchObject({ errorCode: 'PARENT_CLOSED', message: CLOSED[lang] });
      const changed = await call('PUT', `/api/entities/testLine/${line.id}`, t.staff, { doc: { ...line.doc, testResult: '7.0' }, version: line.version }, lang);
      expect(changed.status).toBe(403);
      expect(changed.body.message).toBe(CLOSED[lang]);
      const removed = await call('DELETE', `/api/entities/testLine/${line.id}?version=${line.version}`, t.staff, undefined, lang);
      expect(removed.status).toBe(403);
      expect(removed.body.message).toBe(CLOSED[lang]);
    }
    // A line of a report being prepared cannot be moved onto the issued one either.
    const other = await completedTrf(h, t, validTrf());
    const draft = (await call('POST', '/api/entities/report', t.staff, { doc: reportDoc(other.id, await uploadPdf(h, t.staff)) })).body.data;
    const loose = (await call('POST', '/api/entities/testLine', t.staff, { doc: { reportId: draft.id, testName: 'Lead' } })).body.data;
    expect((await call('PUT', `/api/entities/testLine/${loose.id}`, t.staff, { doc: { ...loose.doc, reportId: report.id }, version: loose.version })).status).toBe(403);
    // Nothing was written.
    expect((await linesOf(report.id, t.staff)).map((l) => [l.doc.testName, l.doc.testResult, l.version])).toEqual([['pH value', '6.5', 1]]);
    // The buyer's review of a line's result is no change of the result.
    const seen = (await linesOf(report.id, t.buyer))[0];
    const reviewed = await call('PUT', `/api/entities/testLine/${seen.id}`, t.buyer, { doc: { ...seen.doc, resultReview: 'accepted' }, version: seen.version });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
  });

  it('a revision is version 2 carrying the lines (not their review) with its own number; version 1 stays readable and downloadable', async () => {
    const trf = await completedTrf(h, t, validTrf());
    const v1 = await issuedReport(h, trf.id, t.staff, { conclusion: 'pass' }, [{ testName: 'pH value', testResult: '6.5' }, { testName: 'Lead', testResult: '< 10 mg/kg' }]);
    const v1Line = (await linesOf(v1.id, t.buyer)).find((l) => l.doc.testName === 'Lead');
    expect((await call('PUT', `/api/entities/testLine/${v1Line.id}`, t.buyer, { doc: { ...v1Line.doc, resultReview: 'questioned' }, version: v1Line.version })).status).toBe(200);
    const revised = await call('POST', `/api/entities/report/${v1.id}/copy`, t.staff);
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    const v2 = revised.body.data;
    expect(v2.doc).toMatchObject({ reportVersion: 2, originalReportNo: v1.doc.reportNo, trfId: trf.id, trfNo: trf.doc.trfNo });
    expect(v2.doc.reportNo).not.toBe(v1.doc.reportNo);
    expect(v2.states.$status).toBe('draft');
    // Its lines are copies, numbered with the new report, without the review of version 1.
    const copied = await linesOf(v2.id, t.staff);
    expect(copied.map((l) => [l.doc.testName, l.doc.testResult, l.doc.reportNo, l.doc.resultReview]).sort()).toEqual([
      ['Lead', '< 10 mg/kg', v2.doc.reportNo, undefined],
      ['pH value', '6.5', v2.doc.reportNo, undefined],
    ]);
    // The revision is corrected while it is prepared, then issued.
    const lead = copied.find((l) => l.doc.testName === 'Lead');
    expect((await call('PUT', `/api/entities/testLine/${lead.id}`, t.staff, { doc: { ...lead.doc, testResult: '12 mg/kg' }, version: lead.version })).status).toBe(200);
    const withPdf = await call('PUT', `/api/entities/report/${v2.id}`, t.staff, { doc: { ...v2.doc, conclusion: 'fail', reportIssuedDate: '2026-11-12', reportPdf: [await uploadPdf(h, t.staff, 2048, 'v2.pdf')] }, version: v2.version });
    expect(withPdf.status, JSON.stringify(withPdf.body)).toBe(200);
    const issued = await call('POST', `/api/entities/report/${v2.id}/events`, t.staff, { type: 'ISSUE', version: withPdf.body.data.version });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    // Version 1 is as it was, for the applicant too: its lines, its PDF.
    const old = await call('GET', `/api/entities/report/${v1.id}`, t.applicant);
    expect(old.status).toBe(200);
    expect(old.body.data.doc).toMatchObject({ reportVersion: 1, conclusion: 'pass', reportNo: v1.doc.reportNo });
    expect((await linesOf(v1.id, t.applicant)).map((l) => [l.doc.testName, l.doc.testResult]).sort()).toEqual([['Lead', '< 10 mg/kg'], ['pH value', '6.5']]);
    const pdf = await h.app.inject({ method: 'GET', url: `/api/files/${(v1.doc.reportPdf as any[])[0].fileId}?download`, headers: { 'portico-auth': `bearer ${t.applicant}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Both versions are listed for the TRF, newest version first on the report's versions list.
    const versions = (await call('GET', `/api/entities/report?f.trfId=${trf.id}&sort=reportVersion:desc`, t.applicant)).body.data.items;
    expect(versions.map((r: any) => r.doc.reportVersion)).toEqual([2, 1]);
  });

  it("the report is reached from its TRF: staff create it there once testing is completed; the TRF's applicant and buyer list it there, others do not", async () => {
    const trf = h.registry.get('trf');
    const child = trf.views.detail.children?.find((c) => c.entity === 'report');
    expect(child).toMatchObject({ field: 'trfId', create: { states: { $status: ['completed'] } } });
    const report = h.registry.get('report');
    expect(report.views.detail.children?.find((c) => c.entity === 'report')).toMatchObject({ field: 'trfId', from: 'trfId' });

    // The server keeps to the same declaration as the button: no report for a TRF before testing is completed.
    const testing = await completedTrf(h, t, validTrf(), 'START_TESTING');
    const before = await call('GET', `/api/entities/report?f.trfId=${testing.id}`, t.staff);
    for (const [lang, message] of [
      ['en-US', 'A new Test report is made only while its Test request form is Completed (it is Testing)'],
      ['zh-CN', '测试申请单处于“测试完成”时才能新建测试报告（当前为“测试中”）'],
    ] as const) {
      const early = await call('POST', '/api/entities/report', t.staff, { doc: reportDoc(testing.id, await uploadPdf(h, t.staff)) }, lang);
      expect([early.status, early.body.errorCode, early.body.message]).toEqual([409, 'PARENT_STATE', message]);
    }
    expect((await call('GET', `/api/entities/report?f.trfId=${testing.id}`, t.staff)).body.data.items).toEqual(before.body.data.items);
    const made = await completedTrf(h, t, validTrf());
    // The report made from the TRF names it alone: its number is the TRF's, whatever the form sent.
    const created = await call('POST', '/api/entities/report', t.staff, { doc: reportDoc(made.id, await uploadPdf(h, t.staff), { trfNo: 'TYPED' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.doc.trfNo).toBe(made.doc.trfNo);
    const listed = async (token: string) => (await call('GET', `/api/entities/report?f.trfId=${made.id}`, token)).body.data.items.map((r: any) => r.id);
    // Being prepared, it is staff's alone.
    expect(await listed(t.staff)).toEqual([created.body.data.id]);
    expect(await listed(t.applicant)).toEqual([]);
    expect((await call('POST', `/api/entities/report/${created.body.data.id}/events`, t.staff, { type: 'ISSUE', version: created.body.data.version })).status).toBe(200);
    expect(await listed(t.applicant)).toEqual([created.body.data.id]);
    expect(await listed(t.buyer)).toEqual([created.body.data.id]);
    expect(await listed(t.supplier)).toEqual([]);
  });
});
