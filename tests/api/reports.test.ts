import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';
import { completedTrf, issuedReport, reportDoc, uploadPdf } from '../support/reports.ts';
import { readXlsx, readZip } from '../support/read-exports.ts';

/**
 * Reports and test lines (issue 15, schemas/report/, schemas/testLine/): every rule of
 * workflows/report-review.rules.md through the API, in both languages where a message is shown.
 */
describe.each(BACKENDS)('reports and test lines on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<'applicant' | 'staff' | 'buyer' | 'supplier', string> = { applicant: '', staff: '', buyer: '', supplier: '' };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of Object.keys(t) as (keyof typeof t)[]) t[a] = await h.login(a);
  });
  afterAll(() => h.close());

  const get = (entity: string, id: string, token: string) => h.call({ method: 'GET', url: `/api/entities/${entity}/${id}`, token });
  const create = (entity: string, doc: unknown, token: string, lang = 'en-US') => h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token, lang });
  const update = (entity: string, r: { id: string; version: number; doc: object }, doc: object, token: string, lang = 'en-US') =>
    h.call({ method: 'PUT', url: `/api/entities/${entity}/${r.id}`, payload: { doc: { ...r.doc, ...doc }, version: r.version }, token, lang });
  const send = (entity: string, r: { id: string; version: number }, type: string, token: string, lang = 'en-US', payload?: unknown) =>
    h.call({ method: 'POST', url: `/api/entities/${entity}/${r.id}/events`, payload: { type, version: r.version, payload }, token, lang });
  const newTrf = () => completedTrf(h, t, validTrf());

  it('a draft report and its lines are staff-only; issued, they are seen by exactly the TRF parties', async () => {
    const trf = await newTrf();
    const made = await create('report', reportDoc(trf.id, await uploadPdf(h, t.staff)), t.staff);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const report = made.body.data;
    expect(report.doc.reportNo).toMatch(/^RPT\d{12}$/);
    expect(report.doc.reportVersion).toBe(1);
    const line = (await create('testLine', { reportId: report.id, testName: 'pH value', testResult: '6.5' }, t.staff)).body.data;
    for (const who of ['applicant', 'buyer', 'supplier'] as const) {
      expect((await get('report', report.id, t[who])).status, who).toBe(404);
      expect((await get('testLine', line.id, t[who])).status, who).toBe(404);
    }
    const issued = await send('report', report, 'ISSUE', t.staff);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.data.states.$status).toBe('notReviewed');
    for (const who of ['applicant', 'buyer'] as const) {
      expect((await get('report', report.id, t[who])).status, who).toBe(200);
      expect((await get('testLine', line.id, t[who])).status, who).toBe(200);
      const lines = await h.call({ method: 'GET', url: `/api/entities/testLine?f.reportId=${report.id}`, token: t[who] });
      expect(lines.body.data.items.map((l: any) => l.id)).toEqual([line.id]);
    }
    // The supplier is no party of this TRF.
    expect((await get('report', report.id, t.supplier)).status).toBe(404);
    expect((await get('testLine', line.id, t.supplier)).status).toBe(404);
    // The report's PDF is readable by the parties, not by others.
    const fileId = (report.doc.reportPdf as any[])[0].fileId;
    const download = async (token: string) => (await h.app.inject({ method: 'GET', url: `/api/files/${fileId}?download`, headers: { 'portico-auth': `bearer ${token}` } })).statusCode;
    expect(await download(t.applicant)).toBe(200);
    expect(await download(t.buyer)).toBe(200);
    expect(await download(t.supplier)).toBe(404);
  });

  it('a report names a TRF its writer sees; the TRF lookup offers the TRFs the user may write to', async () => {
    const trf = await newTrf();
    const options = async (token: string) => ((await h.call({ method: 'GET', url: `/api/lookups/entity:trf?q=${trf.doc.trfNo}`, token })).body.data as { value: string; data: { title: string } }[]);
    expect(await options(t.staff)).toEqual([{ value: trf.id, label: trf.doc.trfNo, data: expect.objectContaining({ title: trf.doc.trfNo }) }]);
    expect((await options(t.applicant)).map((o) => o.value)).toEqual([trf.id]);
    expect(await options(t.supplier)).toEqual([]);
    const en = await create('report', reportDoc('no-such-trf', await uploadPdf(h, t.staff)), t.staff);
    expect(en.status).toBe(400);
    expect(en.body.errors?.[0]).toMatchObject({ field: 'trfId' });
    expect(en.body.message).toContain('does not exist');
    const zh = await create('report', reportDoc('no-such-trf', await uploadPdf(h, t.staff)), t.staff, 'zh-CN');
    expect(zh.body.message).toContain('不存在');
  });

  it('the report PDF: PDF only, at most 10 MB, exactly one, required to issue', async () => {
    const trf = await newTrf();
    const jpg = await h.call({ method: 'POST', url: '/api/files?name=photo.jpg', headers: { 'content-type': 'image/jpeg' }, payload: fileBytes('jpg', 500), token: t.staff });
    // A JPG passed off as a PDF in the document: the stored type decides.
    const lied = { ...jpg.body.data, contentType: 'application/pdf' };
    for (const [lang, text] of [['en-US', 'PDF files only'], ['zh-CN', '只接受 PDF']] as const) {
      const res = await create('report', reportDoc(trf.id, lied), t.staff, lang);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(text);
      expect(res.body.errors?.[0]).toMatchObject({ field: 'reportPdf', keyword: 'fileType' });
    }
    // Over 10 MB: the upload refuses it; a stored one (bigger than the declared limit) is refused by the field.
    expect((await h.call({ method: 'POST', url: '/api/files?name=big.pdf', headers: { 'content-type': 'application/pdf' }, payload: fileBytes('pdf', 10 * 1024 * 1024 + 1), token: t.staff })).status).toBe(413);
    const big = await uploadPdf(h, t.staff);
    await h.db.query('update files set size = $2 where id = $1', [big.fileId, 10 * 1024 * 1024 + 1]);
    const tooBig = await create('report', reportDoc(trf.id, big), t.staff);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('at most 10 MB');
    // Two files: one attachment at most.
    const two = await create('report', reportDoc(trf.id, await uploadPdf(h, t.staff), { reportPdf: [await uploadPdf(h, t.staff), await uploadPdf(h, t.staff)] }), t.staff);
    expect(two.status).toBe(400);
    expect(two.body.errors?.[0]?.field).toContain('reportPdf');
    // A draft saves without a PDF; issuing needs it.
    const draft = await create('report', reportDoc(trf.id, {}, { reportPdf: undefined }), t.staff);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const issue = await send('report', draft.body.data, 'ISSUE', t.staff);
    expect(issue.status).toBe(400);
    expect(issue.body.errors?.map((e: any) => e.field)).toContain('reportPdf');
  });

  it('moving a TRF to Report Issued needs an issued report with a conclusion (400 in both languages)', async () => {
    const trf = await newTrf();
    const en = await send('trf', trf, 'ISSUE_REPORT', t.staff);
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('A report issued with a conclusion is required before the TRF moves to Report Issued');
    const zh = await send('trf', trf, 'ISSUE_REPORT', t.staff, 'zh-CN');
    expect(zh.body.message).toBe('签发报告前须有一份已签发且填写了结论的测试报告');
    // A draft report does not count.
    const draft = (await create('report', reportDoc(trf.id, await uploadPdf(h, t.staff), { conclusion: 'fail' }), t.staff)).body.data;
    expect((await send('trf', trf, 'ISSUE_REPORT', t.staff)).status).toBe(400);
    expect((await send('report', draft, 'ISSUE', t.staff)).status).toBe(200);
    const ok = await send('trf', trf, 'ISSUE_REPORT', t.staff);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.states.$status).toBe('reportIssued');
    // The TRF shows the report's conclusion and review progress, in the list too.
    expect(ok.body.data.doc).toMatchObject({ reportConclusion: 'fail', reportReviewStatus: 'notReviewed' });
    const list = await h.call({ method: 'GET', url: `/api/entities/trf?f.trfNo=${trf.doc.trfNo}`, token: t.applicant });
    expect(list.body.data.items[0].doc).toMatchObject({ reportConclusion: 'fail', reportReviewStatus: 'notReviewed' });
    // Linked values are read, never stored.
    const stored = await h.db.query<{ doc: Record<string, unknown> }>('select doc from records where id = $1', [trf.id]);
    expect(stored.rows[0]!.doc.reportConclusion).toBeUndefined();
  });

  it('a revised report is a new version; the old stays readable; the TRF shows the latest issued one', async () => {
    const trf = await newTrf();
    const v1 = await issuedReport(h, trf.id, t.staff, { conclusion: 'pass' });
    const copy = await h.call({ method: 'POST', url: `/api/entities/report/${v1.id}/copy`, token: t.staff });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const v2 = copy.body.data;
    expect(v2.id).not.toBe(v1.id);
    expect(v2.doc).toMatchObject({ reportVersion: 2, originalReportNo: v1.doc.reportNo, trfId: trf.id });
    expect(v2.states.$status).toBe('draft');
    // While v2 is prepared, the TRF still shows v1; the customer cannot revise.
    expect((await get('trf', trf.id, t.applicant)).body.data.doc.reportConclusion).toBe('pass');
    expect((await h.call({ method: 'POST', url: `/api/entities/report/${v1.id}/copy`, token: t.buyer })).status).toBe(403);
    const edited = await update('report', v2, { conclusion: 'fail', reportIssuedDate: '2026-11-12', reportPdf: [await uploadPdf(h, t.staff)] }, t.staff);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await send('report', edited.body.data, 'ISSUE', t.staff)).status).toBe(200);
    expect((await get('trf', trf.id, t.applicant)).body.data.doc.reportConclusion).toBe('fail');
    const old = await get('report', v1.id, t.applicant);
    expect(old.status).toBe(200);
    expect(old.body.data.doc).toMatchObject({ reportVersion: 1, conclusion: 'pass' });
    // A third version counts on from the highest, whichever version it is made from.
    const v3 = await h.call({ method: 'POST', url: `/api/entities/report/${v1.id}/copy`, token: t.staff });
    expect(v3.body.data.doc).toMatchObject({ reportVersion: 3, originalReportNo: v1.doc.reportNo });
  });

  it('test lines: staff edit results; a stale edit is a 409 conflict, never a silent overwrite', async () => {
    const trf = await newTrf();
    // A report being prepared: its lines are staff's to edit until it is issued.
    const report = (await create('report', reportDoc(trf.id, await uploadPdf(h, t.staff)), t.staff)).body.data;
    const line = (await create('testLine', { reportId: report.id, testName: 'Formaldehyde', testResult: '12 mg/kg' }, t.staff)).body.data;
    const first = await update('testLine', line, { testResult: '15 mg/kg' }, t.staff);
    expect(first.status).toBe(200);
    const stale = await update('testLine', line, { testResult: '20 mg/kg' }, t.staff);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Someone else changed this record (now version 2); reload it and edit again');
    const staleZh = await update('testLine', line, { testResult: '20 mg/kg' }, t.staff, 'zh-CN');
    expect(staleZh.body.message).toBe('该记录已被他人修改（当前版本 2），请刷新后再改');
    expect((await get('testLine', line.id, t.staff)).body.data.doc.testResult).toBe('15 mg/kg');
  });

  it("the customer's reviewer reviews each line's result and nothing else; other parties read only", async () => {
    const trf = await newTrf();
    const report = await issuedReport(h, trf.id, t.staff, {}, [{ testName: 'Colour fastness', testResult: '4' }]);
    const viewed = (await h.call({ method: 'GET', url: `/api/entities/testLine?f.reportId=${report.id}`, token: t.buyer })).body.data.items[0];
    const reviewed = await update('testLine', viewed, { resultReview: 'questioned' }, t.buyer);
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.data.doc.resultReview).toBe('questioned');
    expect((await update('testLine', reviewed.body.data, { testResult: '5' }, t.buyer)).status).toBe(403);
    expect((await update('testLine', reviewed.body.data, { resultReview: 'accepted' }, t.applicant)).status).toBe(403);
    expect((await create('testLine', { reportId: report.id, testName: 'x' }, t.buyer)).status).toBe(403);
    // The review conclusion is the reviewer's too; the report's own fields are not.
    const r = (await get('report', report.id, t.buyer)).body.data;
    expect((await update('report', r, { reviewConclusion: 'ACC' }, t.buyer)).status).toBe(200);
    expect((await update('report', (await get('report', report.id, t.buyer)).body.data, { conclusion: 'fail' }, t.buyer)).status).toBe(403);
  });

  it('the review is the reviewer\'s: staff issue, the buyer reviews, submits and finalizes', async () => {
    const trf = await newTrf();
    let report = await issuedReport(h, trf.id, t.staff);
    expect((await send('report', report, 'REVIEW', t.applicant)).status).toBe(403);
    expect((await send('report', report, 'REVIEW', t.staff)).status).toBe(403);
    for (const type of ['REVIEW', 'SUBMIT_REVIEW', 'FINALIZE_REVIEW']) {
      const res = await send('report', report, type, t.buyer);
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(200);
      report = res.body.data;
    }
    expect(report.states.$status).toBe('finalized');
    expect((await get('trf', trf.id, t.applicant)).body.data.doc.reportReviewStatus).toBe('finalized');
    const late = await update('report', report, { reviewConclusion: 'X' }, t.buyer, 'en-US');
    expect(late.status).toBe(400);
  });
  it("exports a report's test results as xlsx (≤ 1,000) and report PDFs as one zip (≤ 20), seen by the TRF's parties only", async () => {
    const trf = await newTrf();
    const report = await issuedReport(h, trf.id, t.staff, {}, [{ testName: 'pH value', testResult: '6.5' }, { testName: 'Formaldehyde', testResult: '< 16 mg/kg' }]);
    const exportOf = (entity: string, kind: 'export' | 'export-files', token: string, body: object, query = '') =>
      h.app.inject({ method: 'POST', url: `/api/entities/${entity}/${kind}${query}`, headers: { 'portico-auth': `bearer ${token}`, 'accept-language': 'en-US' }, payload: body });
    const lines = await exportOf('testLine', 'export', t.applicant, {}, `?f.reportId=${report.id}`);
    expect(lines.statusCode, lines.body).toBe(200);
    const rows = await readXlsx(lines.rawPayload);
    expect(rows.slice(1).map((r) => r.find((c) => c === 'pH value' || c === 'Formaldehyde')).sort()).toEqual(['Formaldehyde', 'pH value']);
    // The supplier is no party of this TRF: nothing of it is exported.
    expect((await readXlsx((await exportOf('testLine', 'export', t.supplier, {}, `?f.reportId=${report.id}`)).rawPayload)).length).toBe(1);
    const zip = await exportOf('report', 'export-files', t.applicant, { ids: [report.id] });
    expect(zip.statusCode, zip.body).toBe(200);
    const files = await readZip(zip.rawPayload);
    expect([...files.values()].map((b) => b.subarray(0, 5).toString())).toEqual(['%PDF-']);
    expect((await exportOf('report', 'export-files', t.supplier, { ids: [report.id] })).statusCode).toBe(400);
  });
});
