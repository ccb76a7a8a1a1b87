import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { validTrf, type ApiHarness } from '../support/api-harness.ts';
import { harnessWithAccounts } from '../support/harness-accounts.ts';
import { readXlsx } from '../support/read-exports.ts';

/**
 * Quotations (issue 16): declarations only (schemas/quotation/, workflows/quotation-statement.machine.ts).
 * Staff issue a quotation for a submitted TRF that needs one; the payer confirms it or rejects it
 * with a reason; the TRF's quotation region follows (the entity's `relays`); each hardcopy report
 * adds 100 RMB (computed by the server); comment by, time and reject reason are stamped by the server.
 */
describe.each(BACKENDS)('quotations on %s', (backend) => {
  let h: ApiHarness;
  let [staff, applicant, buyer] = ['', '', ''];
  beforeAll(async () => {
    [h, staff, applicant, buyer] = await harnessWithAccounts(backend, 'staff', 'applicant', 'buyer');
  });
  afterAll(() => h.close());

  const submittedTrf = async (quotationNeeded = true) => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ quotationNeeded }) }, token: applicant })).body.data;
    const sent = await h.call({ method: 'POST', url: `/api/entities/trf/${made.id}/events`, payload: { type: 'SUBMIT', version: made.version }, token: applicant });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.data as { id: string; doc: { trfNo: string } };
  };
  const quotation = (trf: { id: string; doc: { trfNo: string } }, extra: object = {}) => ({
    trfId: trf.id, trfNo: trf.doc.trfNo, payer: { companyId: 'c-applicant', name: '演示申请方有限公司' }, currency: 'CNY', serviceAmount: 250050, issuedDate: '2026-11-20', ...extra,
  });
  const issue = (doc: object, lang: 'zh-CN' | 'en-US' = 'en-US') => h.call({ method: 'POST', url: '/api/entities/quotation', payload: { doc }, token: staff, lang });
  const send = (id: string, token: string, type: string, version: number, payload?: object, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/quotation/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token, lang });
  const trfQuotation = async (id: string) => (await h.call({ method: 'GET', url: `/api/entities/trf/${id}`, token: applicant })).body.data.states.$quotationStatus;

  it('runs issue, reject with a reason, amend, confirm; the TRF quotation region follows', async () => {
    const trf = await submittedTrf();
    expect(await trfQuotation(trf.id)).toBe('none');
    const made = await issue(quotation(trf));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as string;
    expect(made.body.data.doc.quotationNo).toMatch(/^QUO\d{12}$/);
    expect(made.body.data.states).toEqual({ $status: 'toBeConfirmed' });
    expect(await trfQuotation(trf.id)).toBe('confirming');

    // The payer alone confirms or rejects; rejecting needs a reason, in the user's language.
    expect((await send(id, staff, 'CONFIRM', 1)).status).toBe(403);
    expect((await h.call({ method: 'GET', url: `/api/entities/quotation/${id}`, token: buyer })).status).toBe(404);
    const blank = await send(id, applicant, 'REQUEST_AMENDMENT', 1, { reason: '  ' }, 'zh-CN');
    expect([blank.status, blank.body.errors!.map((e) => e.message)]).toEqual([400, ['拒绝原因: 请填写拒绝原因']]);
    const none = await send(id, applicant, 'REQUEST_AMENDMENT', 1, {}, 'en-US');
    expect(none.status).toBe(400);
    const rejected = await send(id, applicant, 'REQUEST_AMENDMENT', 1, { reason: 'Wrong test items' });
    expect(rejected.body.data.states).toEqual({ $status: 'amendmentNeeded' });
    expect(rejected.body.data.doc).toMatchObject({ rejectReason: 'Wrong test items', commentBy: '张申请' });
    expect(Date.parse(rejected.body.data.doc.commentTime)).toBeGreaterThan(Date.now() - 60_000);
    expect(await trfQuotation(trf.id)).toBe('rejected');

    // Staff amend it (editable while amendment is needed) and send it again.
    const edited = await h.call({ method: 'PUT', url: `/api/entities/quotation/${id}`, payload: { version: 2, doc: { ...quotation(trf), serviceAmount: 200000, commentBy: 'forged' } }, token: staff });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.doc).toMatchObject({ serviceAmount: 200000, totalAmount: 200000, commentBy: '张申请' });
    const revised = await send(id, staff, 'REVISE', 3);
    expect(revised.body.data.states).toEqual({ $status: 'toBeConfirmed' });
    expect(await trfQuotation(trf.id)).toBe('confirming');
    // Not editable while the customer checks it.
    expect((await h.call({ method: 'PUT', url: `/api/entities/quotation/${id}`, payload: { version: 4, doc: { ...quotation(trf), serviceAmount: 1 } }, token: staff })).status).toBe(400);
    const confirmed = await send(id, applicant, 'CONFIRM', 4);
    expect(confirmed.body.data.states).toEqual({ $status: 'confirmed' });
    expect(await trfQuotation(trf.id)).toBe('confirmed');
    expect((await send(id, staff, 'REQUEST_PAYMENT', 5)).body.data.states).toEqual({ $status: 'toBePaid' });
    // Rejected while to be paid: the TRF's quotation is rejected too.
    expect((await send(id, applicant, 'REQUEST_AMENDMENT', 6, { reason: 'Price changed' })).body.data.states).toEqual({ $status: 'amendmentNeeded' });
    expect(await trfQuotation(trf.id)).toBe('rejected');
  });

  it('adds 100 RMB per hardcopy report, computed by the server, and only in CNY', async () => {
    const trf = await submittedTrf();
    const made = await issue(quotation(trf, { hardcopyCopies: 3, hardcopyFee: 1, totalAmount: 5 }));
    expect(made.body.data.doc).toMatchObject({ serviceAmount: 250050, hardcopyFee: 30000, totalAmount: 280050 });
    const usd = await issue(quotation(await submittedTrf(), { currency: 'USD', hardcopyCopies: 1 }), 'zh-CN');
    expect([usd.status, usd.body.errors!.map((e) => e.message)]).toEqual([400, ['币种: 纸质报告费以人民币收取，请以人民币报价']]);
    const noCopies = await issue(quotation(await submittedTrf(), { currency: 'USD' }));
    expect(noCopies.body.data.doc).toMatchObject({ hardcopyFee: 0, totalAmount: 250050 });
  });

  it('is refused for a TRF that does not ask for a quotation, or one the staff cannot find', async () => {
    const trf = await submittedTrf(false);
    const refused = await issue(quotation(trf), 'zh-CN');
    expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([400, 'RELAY_REFUSED', '该测试申请单未勾选“需要报价”']);
    expect(await trfQuotation(trf.id)).toBe('none');
    const missing = await issue(quotation({ id: 'no-such-trf', doc: { trfNo: 'X' } }), 'en-US');
    expect([missing.status, missing.body.errorCode]).toEqual([400, 'RELAY_TARGET_MISSING']);
    // Nothing was stored for the refused ones.
    const listed = (await h.call({ method: 'GET', url: `/api/entities/quotation?f.trfNo=${trf.doc.trfNo}`, token: staff })).body.data.items;
    expect(listed).toEqual([]);
  });

  it('exports to xlsx at most 500 at a time, in the user language, amounts in their currency', async () => {
    const rows = (from: number, to: number) => h.db.exec(`
      insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by)
        select 'exp-quo-' || i, 'quotation',
          jsonb_build_object('quotationNo', 'QUOEXP' || lpad(i::text, 6, '0'), 'trfId', 'x', 'trfNo', 'EXPTRF' || lpad(i::text, 6, '0'),
            'payer', jsonb_build_object('companyId', 'c-applicant', 'name', '演示申请方有限公司'), 'currency', 'USD',
            'serviceAmount', 123456, 'hardcopyCopies', 0, 'hardcopyFee', 0, 'totalAmount', 123456, 'issuedDate', '2026-11-20'),
          'confirmed', '{"$status":"confirmed"}'::jsonb, null, 1, 'c-lab', array['c-lab', 'c-applicant'], 'u-staff'
        from generate_series(${from}, ${to}) i`);
    await rows(1, 500);
    const exportRows = (lang: string) =>
      h.app.inject({ method: 'POST', url: '/api/entities/quotation/export?f.trfNo=EXPTRF', headers: { 'portico-auth': `bearer ${applicant}`, 'accept-language': lang }, payload: {} });
    const en = await exportRows('en-US');
    expect([en.statusCode, en.headers['x-export-total']]).toEqual([200, '500']);
    const sheet = await readXlsx(en.rawPayload);
    expect(sheet).toHaveLength(501);
    expect(sheet[0]!.slice(0, 10)).toEqual(['Quotation no.', 'TRF no.', 'Payer · Company name', 'Payer · Customer no.', 'Currency', 'Test items total', 'Other service fee', 'Hardcopy reports', 'Hardcopy report fee', 'Total amount']);
    expect(sheet[1]).toEqual(expect.arrayContaining(['US dollar (USD)', '$1,234.56', 'Confirmed']));
    const zh = await readXlsx((await exportRows('zh-CN')).rawPayload);
    expect(zh[0]![0]).toBe('报价单号');
    expect(zh[1]).toEqual(expect.arrayContaining(['美元 (USD)', 'US$1,234.56', '已确认']));
    // One more is over the limit: refused before the first byte, in the user's language.
    await rows(501, 501);
    const over = await exportRows('en-US');
    expect([over.statusCode, over.json().errorCode, over.json().message]).toEqual([400, 'EXPORT_LIMIT', 'You can only export maximum 500 rows in one time (501 found). Please narrow the search.']);
    expect((await exportRows('zh-CN')).json().message).toBe('一次最多只能导出 500 条数据，当前 501 条，请缩小查询范围');
  });
});
