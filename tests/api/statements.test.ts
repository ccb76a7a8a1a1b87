import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { validTrf, type ApiHarness } from '../support/api-harness.ts';
import { harnessWithAccounts } from '../support/harness-accounts.ts';

/**
 * Statements (issue 16): declarations only (schemas/statement/, the quotation-statement machine).
 * Staff make a statement for a payer and a period; the server gathers that payer's confirmed
 * quotations of the period not on another statement (entity `gathers`) and totals them per
 * currency, exactly; the payer confirms it or asks for an amendment with a reason.
 */
describe.each(BACKENDS)('statements on %s', (backend) => {
  let h: ApiHarness;
  let [staff, applicant, buyer] = ['', '', ''];
  beforeAll(async () => {
    [h, staff, applicant, buyer] = await harnessWithAccounts(backend, 'staff', 'applicant', 'buyer');
  });
  afterAll(() => h.close());

  const payer = { companyId: 'c-applicant', name: '演示申请方有限公司' };
  const submittedTrf = async () => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ quotationNeeded: true }) }, token: applicant })).body.data;
    return (await h.call({ method: 'POST', url: `/api/entities/trf/${made.id}/events`, payload: { type: 'SUBMIT', version: made.version }, token: applicant })).body.data as { id: string; doc: { trfNo: string } };
  };
  /** A quotation issued by staff, confirmed by the payer unless told otherwise. */
  const quotation = async (issuedDate: string, extra: object, confirm = true) => {
    const trf = await submittedTrf();
    const doc = { trfId: trf.id, trfNo: trf.doc.trfNo, payer, currency: 'CNY', serviceAmount: 100, issuedDate, ...extra };
    const made = await h.call({ method: 'POST', url: '/api/entities/quotation', payload: { doc }, token: staff });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    if (!confirm) return made.body.data as { id: string; doc: { quotationNo: string } };
    const done = await h.call({ method: 'POST', url: `/api/entities/quotation/${made.body.data.id}/events`, payload: { type: 'CONFIRM', version: 1 }, token: applicant });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.data as { id: string; doc: { quotationNo: string } };
  };
  const create = (doc: object, lang: 'zh-CN' | 'en-US' = 'en-US', token = staff) => h.call({ method: 'POST', url: '/api/entities/statement', payload: { doc }, token, lang });
  const send = (id: string, token: string, type: string, version: number, payload?: object, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/statement/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token, lang });

  it("gathers the payer's confirmed quotations of the period and totals them per currency, exactly", async () => {
    const cny = await quotation('2026-03-02', { serviceAmount: 123456789, hardcopyCopies: 2 });
    const cny2 = await quotation('2026-03-31', { serviceAmount: 1 });
    const usd = await quotation('2026-03-15', { currency: 'USD', serviceAmount: 99999 });
    const hkd = await quotation('2026-03-20', { currency: 'HKD', serviceAmount: 5 });
    await quotation('2026-04-01', { serviceAmount: 7 }); // after the period
    await quotation('2026-03-10', { serviceAmount: 11 }, false); // not confirmed yet
    const made = await create({ payer, periodStart: '2026-03-01', periodEnd: '2026-03-31', quotationIds: ['forged'], totalCny: 1 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const doc = made.body.data.doc;
    expect(doc.statementNo).toMatch(/^STM\d{12}$/);
    expect(made.body.data.states).toEqual({ $status: 'toBeConfirmed' });
    expect(doc.quotationIds).toEqual([cny.id, usd.id, hkd.id, cny2.id]);
    expect(doc.quotationNos).toEqual([cny.doc.quotationNo, usd.doc.quotationNo, hkd.doc.quotationNo, cny2.doc.quotationNo]);
    // 123456789 + 2 × 10000 (hardcopies) + 1 fen; 99999 cents; 5 cents.
    expect([doc.totalCny, doc.totalUsd, doc.totalHkd]).toEqual([123476790, 99999, 5]);

    // The payer reads it and confirms; a buyer not on it sees nothing.
    expect((await h.call({ method: 'GET', url: `/api/entities/statement/${made.body.data.id}`, token: buyer })).status).toBe(404);
    const listed = (await h.call({ method: 'GET', url: '/api/entities/statement', token: applicant })).body.data.items.map((r: { id: string }) => r.id);
    expect(listed).toContain(made.body.data.id);
    const confirmed = await send(made.body.data.id, applicant, 'CONFIRM', 1);
    expect(confirmed.body.data.states).toEqual({ $status: 'confirmed' });
    expect(confirmed.body.data.doc.commentBy).toBe('张申请');
    // Confirming it asks for the payment of the quotations it holds (its `relays`); paying it pays them.
    const quotationStates = async () =>
      Promise.all(doc.quotationIds.map(async (q: string) => (await h.call({ method: 'GET', url: `/api/entities/quotation/${q}`, token: applicant })).body.data.states.$status));
    expect(await quotationStates()).toEqual(['toBePaid', 'toBePaid', 'toBePaid', 'toBePaid']);
    expect((await send(made.body.data.id, staff, 'REQUEST_PAYMENT', 2)).body.data.states).toEqual({ $status: 'toBePaid' });
    const paid = await send(made.body.data.id, staff, 'MARK_PAID', 3, { paymentOrderNo: 'PO000042' });
    expect(paid.body.data.states).toEqual({ $status: 'paid' });
    expect(await quotationStates()).toEqual(['paid', 'paid', 'paid', 'paid']);

    // Those quotations are on a statement now: a second one for the period finds nothing, in the user's language.
    const again = await create({ payer, periodStart: '2026-03-01', periodEnd: '2026-03-31' }, 'zh-CN');
    expect([again.status, again.body.errorCode, again.body.message]).toEqual([400, 'NOTHING_GATHERED', '该付款方在此期间没有已确认且未列入对账单的报价单']);
    const againEn = await create({ payer, periodStart: '2026-03-01', periodEnd: '2026-03-31' });
    expect(againEn.body.message).toBe('The payer has no confirmed quotation of this period that is not on a statement yet');
  });

  it('is rejected with a reason, amended (gathered again) and sent again; a cancelled one releases its quotations', async () => {
    const first = await quotation('2026-05-05', { currency: 'USD', serviceAmount: 1000 });
    const made = await create({ payer, periodStart: '2026-05-01', periodEnd: '2026-05-10' });
    const id = made.body.data.id as string;
    const blank = await send(id, applicant, 'REQUEST_AMENDMENT', 1, { reason: ' ' }, 'zh-CN');
    expect([blank.status, blank.body.errors!.map((e) => e.message)]).toEqual([400, ['拒绝原因: 请填写拒绝原因']]);
    const rejected = await send(id, applicant, 'REQUEST_AMENDMENT', 1, { reason: 'Missing the May 20 order' });
    expect(rejected.body.data.states).toEqual({ $status: 'amendmentNeeded' });
    expect(rejected.body.data.doc.rejectReason).toBe('Missing the May 20 order');
    // Staff widen the period: the statement gathers again on save.
    const second = await quotation('2026-05-20', { currency: 'USD', serviceAmount: 2500 });
    const edited = await h.call({ method: 'PUT', url: `/api/entities/statement/${id}`, payload: { version: 2, doc: { payer, periodStart: '2026-05-01', periodEnd: '2026-05-31' } }, token: staff });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect([edited.body.data.doc.quotationIds, edited.body.data.doc.totalUsd, edited.body.data.doc.totalCny]).toEqual([[first.id, second.id], 3500, 0]);
    expect((await send(id, staff, 'REVISE', 3)).body.data.states).toEqual({ $status: 'toBeConfirmed' });
    // Confirmed, its quotations are to be paid; rejected again and saved, it still holds them.
    expect((await send(id, applicant, 'CONFIRM', 4)).body.data.states).toEqual({ $status: 'confirmed' });
    expect((await send(id, staff, 'REQUEST_PAYMENT', 5)).body.data.states).toEqual({ $status: 'toBePaid' });
    expect((await send(id, applicant, 'REQUEST_AMENDMENT', 6, { reason: 'Wrong total' })).body.data.states).toEqual({ $status: 'amendmentNeeded' });
    const saved = await h.call({ method: 'PUT', url: `/api/entities/statement/${id}`, payload: { version: 7, doc: { payer, periodStart: '2026-05-01', periodEnd: '2026-05-31' } }, token: staff });
    expect(saved.body.data.doc.quotationIds).toEqual([first.id, second.id]);
    // Staff cancel it with a reason; its quotations may be gathered again.
    const cancelled = await send(id, staff, 'CANCEL', 8, { reason: 'Issued twice' });
    expect(cancelled.body.data.states).toEqual({ $status: 'cancelled' });
    const next = await create({ payer, periodStart: '2026-05-01', periodEnd: '2026-05-31' });
    expect(next.body.data.doc.quotationIds).toEqual([first.id, second.id]);
  });

  it('refuses a period ending before it starts, and a customer making one', async () => {
    const backwards = await create({ payer, periodStart: '2026-06-30', periodEnd: '2026-06-01' }, 'zh-CN');
    expect([backwards.status, backwards.body.errors!.map((e) => e.message)]).toEqual([400, ['期间结束: 期间结束不能早于期间开始']]);
    expect((await create({ payer, periodStart: '2026-06-01', periodEnd: '2026-06-30' }, 'en-US', applicant)).status).toBe(403);
    const missing = await create({ periodStart: '2026-06-01', periodEnd: '2026-06-30' }, 'en-US');
    expect(missing.status).toBe(400);
  });
});
