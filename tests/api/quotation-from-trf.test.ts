import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { validTrf, type ApiHarness } from '../support/api-harness.ts';
import { harnessWithAccounts } from '../support/harness-accounts.ts';
import { EntityService } from '../../server/entities/service.ts';
import { eventPossible, type PersistedSnapshot } from '../../engine/index.ts';
import { recordInvoicePayment } from '../../server/commercial/invoice-payments.ts';

/**
 * Issue 53 item 1: staff "Send quotation" on a TRF makes the priced quotation (the TRF's `spawns`,
 * declared `every`, from the dialog's lines and the TRF's payer), which the payer finds in
 * /todo/quotationAndInvoice and confirms or rejects, moving the TRF (the quotation's `relays`);
 * the TRF's own Confirm / Reject quotation act on its quotation (the TRF's `forward` relay), so each
 * record makes one transition; a statement gathers the confirmed quotations of a period, requesting
 * its payment issues an invoice per currency (the statement's `spawns`), and paying the last of them
 * pays the statement and its quotations (the invoice's relay with `whenAll`).
 */
describe.each(BACKENDS)('quotation sent from a TRF on %s', (backend) => {
  let h: ApiHarness;
  let [staff, applicant, buyer] = ['', '', ''];
  beforeAll(async () => {
    [h, staff, applicant, buyer] = await harnessWithAccounts(backend, 'staff', 'applicant', 'buyer');
  });
  afterAll(() => h.close());

  type Rec = { id: string; version: number; doc: Record<string, any>; states: Record<string, string>; snapshot?: PersistedSnapshot | null };
  const today = () => new Date().toISOString().slice(0, 10);
  const submittedTrf = async (quotationNeeded = true): Promise<Rec> => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ quotationNeeded }) }, token: applicant })).body.data;
    const sent = await h.call({ method: 'POST', url: `/api/entities/trf/${made.id}/events`, payload: { type: 'SUBMIT', version: made.version }, token: applicant });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.data;
  };
  const event = (entity: string, rec: { id: string; version: number }, token: string, type: string, payload?: object, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/${entity}/${rec.id}/events`, payload: { type, version: rec.version, ...(payload ? { payload } : {}) }, token, lang });
  const read = async (entity: string, id: string, token = applicant): Promise<Rec> => (await h.call({ method: 'GET', url: `/api/entities/${entity}/${id}`, token })).body.data;
  const listed = async (entity: string, query: string, token = applicant): Promise<Rec[]> => {
    const res = await h.call({ method: 'GET', url: `/api/entities/${entity}?${query}`, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items;
  };
  const quotationsOf = (trf: Rec, token = staff) => listed('quotation', `f.trfNo=${trf.doc.trfNo}`, token);
  const lines = [
    { item: '甲醛 Formaldehyde', amount: 120000 },
    { item: 'pH', amount: 30050 },
  ];

  it('refuses a quotation without a price, naming the field in the request language, and writes nothing', async () => {
    const trf = await submittedTrf();
    const none = await event('trf', trf, staff, 'SEND_QUOTATION', { currency: 'CNY', lines: [] }, 'zh-CN');
    expect([none.status, none.body.errors!.map((e) => e.message)]).toEqual([400, ['报价明细: 请至少填写一个测试项目及其价格']]);
    const unpriced = await event('trf', trf, staff, 'SEND_QUOTATION', { currency: 'CNY', lines: [{ item: 'pH' }] }, 'en-US');
    expect(unpriced.status).toBe(400);
    expect(unpriced.body.errors!.map((e) => [e.field, e.message])).toEqual([['lines.0.amount', 'Quotation lines · Price (#1): Give the price: a quotation is not sent without one']]);
    const unpricedZh = await event('trf', trf, staff, 'SEND_QUOTATION', { currency: 'CNY', lines: [{ item: 'pH' }] }, 'zh-CN');
    expect(unpricedZh.body.errors!.map((e) => e.message)).toEqual([expect.stringMatching(/^报价明细 · 价格.*: 请填写价格：没有价格的报价不能发送$/)]);
    expect((await read('trf', trf.id)).states.$quotationStatus).toBe('none');
    expect(await quotationsOf(trf)).toEqual([]);
    // A TRF that asks for no quotation gets none: the quotation's relay refuses it, and the TRF stays.
    const unasked = await submittedTrf(false);
    const refused = await event('trf', unasked, staff, 'SEND_QUOTATION', { currency: 'CNY', lines }, 'zh-CN');
    expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([400, 'RELAY_REFUSED', '该测试申请单未勾选“需要报价”']);
    expect((await read('trf', unasked.id)).states.$quotationStatus).toBe('none');
    expect(await quotationsOf(unasked)).toEqual([]);
  });

  it('makes the priced quotation the payer confirms or rejects in /todo/quotationAndInvoice, moving the TRF', async () => {
    const trf = await submittedTrf();
    const sent = await event('trf', trf, staff, 'SEND_QUOTATION', { currency: 'CNY', lines, validUntil: '2099-01-31' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.states.$quotationStatus).toBe('confirming');

    // The applicant (the payer: the TRF names no other) finds it among the quotations to confirm.
    const toConfirm = (await listed('quotation', 'list=toActOn')).filter((q) => q.doc.trfNo === trf.doc.trfNo);
    expect(toConfirm).toHaveLength(1);
    const first = toConfirm[0]!;
    expect(first.states).toEqual({ $status: 'toBeConfirmed' });
    expect(first.doc).toMatchObject({
      trfId: trf.id, payer: { companyId: 'c-applicant', name: 'Demo Applicant Co., Ltd.' }, currency: 'CNY', lines,
      linesAmount: 150050, serviceAmount: 0, hardcopyFee: 0, totalAmount: 150050, issuedDate: today(), validUntil: '2099-01-31',
    });
    expect(first.doc.quotationNo).toMatch(/^QUO\d{12}$/);
    // A company not paying sees nothing of it.
    expect((await h.call({ method: 'GET', url: `/api/entities/quotation/${first.id}`, token: buyer })).status).toBe(404);

    // Rejected with a reason: the TRF's quotation is rejected; staff send a new one from the TRF.
    const rejected = await event('quotation', first, applicant, 'REQUEST_AMENDMENT', { reason: 'pH is not needed' });
    expect(rejected.body.data.states).toEqual({ $status: 'amendmentNeeded' });
    const afterReject = await read('trf', trf.id, staff);
    expect(afterReject.states.$quotationStatus).toBe('rejected');
    const again = await event('trf', afterReject, staff, 'SEND_QUOTATION', { currency: 'CNY', lines: [lines[0]] });
    expect(again.body.data.states.$quotationStatus).toBe('confirming');
    const second = (await listed('quotation', 'list=toActOn')).find((q) => q.doc.trfNo === trf.doc.trfNo)!;
    expect(second.id).not.toBe(first.id);
    expect(second.doc).toMatchObject({ lines: [lines[0]], totalAmount: 120000 });

    // Confirmed: the TRF's quotation is confirmed, and it leaves the list to confirm.
    const confirmed = await event('quotation', second, applicant, 'CONFIRM');
    expect(confirmed.body.data.states).toEqual({ $status: 'confirmed' });
    expect((await read('trf', trf.id)).states.$quotationStatus).toBe('confirmed');
    expect((await listed('quotation', 'list=toActOn')).filter((q) => q.doc.trfNo === trf.doc.trfNo)).toEqual([]);
  });

  it("confirms or rejects the TRF's quotation from the TRF, through the quotation's own transition, each record moving once", async () => {
    const trf = await submittedTrf();
    const sent = (await event('trf', trf, staff, 'SEND_QUOTATION', { currency: 'CNY', lines })).body.data as Rec;
    const [first] = await quotationsOf(trf);
    // A party of the TRF that is not the quotation's payer (the buyer) acts on no quotation: nothing moves.
    const notPayer = await event('trf', sent, buyer, 'CONFIRM_QUOTATION');
    expect([notPayer.status, notPayer.body.errorCode]).toEqual([400, 'RELAY_TARGET_MISSING']);
    expect([(await read('trf', trf.id)).version, (await read('quotation', first!.id)).states.$status]).toEqual([sent.version, 'toBeConfirmed']);

    // Rejected on the TRF: the quotation is rejected with the reason, which moves the TRF once.
    const rejected = await event('trf', sent, applicant, 'REJECT_QUOTATION', { reason: 'pH is not needed' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect([rejected.body.data.states.$quotationStatus, rejected.body.data.version]).toEqual(['rejected', sent.version + 1]);
    const q1 = await read('quotation', first!.id);
    expect([q1.states.$status, q1.doc.rejectReason, q1.version]).toEqual(['amendmentNeeded', 'pH is not needed', first!.version + 1]);

    // Sent again and confirmed on the TRF: the new quotation is confirmed, the rejected one stays.
    const again = (await event('trf', rejected.body.data, staff, 'SEND_QUOTATION', { currency: 'CNY', lines: [lines[0]] })).body.data as Rec;
    const second = (await quotationsOf(trf)).find((q) => q.id !== first!.id)!;
    const confirmed = await event('trf', again, applicant, 'CONFIRM_QUOTATION');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect([confirmed.body.data.states.$quotationStatus, confirmed.body.data.version]).toEqual(['confirmed', again.version + 1]);
    expect((await read('quotation', second.id)).states.$status).toBe('confirmed');
    expect((await read('quotation', first!.id)).states.$status).toBe('amendmentNeeded');
    const trfMoves = await h.db.query<{ event: string }>("select event from audit where record_id = $1 and event in ('CONFIRM_QUOTATION', 'REJECT_QUOTATION') order by id", [trf.id]);
    expect(trfMoves.rows.map((r) => r.event)).toEqual(['REJECT_QUOTATION', 'CONFIRM_QUOTATION']);

    // A confirmed quotation takes no rejection from the TRF (its quotation, once it waits for payment, is rejected on
    // the quotation): the TRF offers no button and refuses it, naming its quotation's state, in the language, and stays.
    expect(eventPossible(h.registry.get('trf'), (await read('trf', trf.id)).snapshot!, 'REJECT_QUOTATION')).toBe(false);
    for (const [lang, message] of [
      ['en-US', '"Reject quotation" is not possible while the record is "Quotation confirmed"'],
      ['zh-CN', '当前状态“报价已确认”下不能执行“拒绝报价”'],
    ] as const) {
      const late = await event('trf', confirmed.body.data, applicant, 'REJECT_QUOTATION', { reason: 'Too late' }, lang);
      expect([late.status, late.body.errorCode, late.body.message]).toEqual([409, 'EVENT_NOT_ALLOWED', message]);
    }
    expect((await read('trf', trf.id)).states.$quotationStatus).toBe('confirmed');
    // Once it waits for payment it is rejected on the quotation, whose relay (alone: `$relayed`) moves the TRF.
    const toBePaid = await event('quotation', await read('quotation', second.id), staff, 'REQUEST_PAYMENT');
    expect(toBePaid.body.data.states).toEqual({ $status: 'toBePaid' });
    const amend = await event('quotation', toBePaid.body.data, applicant, 'REQUEST_AMENDMENT', { reason: 'Wrong payer' });
    expect(amend.body.data.states).toEqual({ $status: 'amendmentNeeded' });
    expect((await read('trf', trf.id)).states.$quotationStatus).toBe('rejected');
  });

  it('gathers the confirmed quotations of a period into a statement, and its payment request issues an invoice per currency', async () => {
    const confirmedQuotation = async (currency: string, amounts: number[]) => {
      const trf = await submittedTrf();
      const sent = await event('trf', trf, staff, 'SEND_QUOTATION', { currency, lines: amounts.map((amount, i) => ({ item: `Item ${i + 1}`, amount })) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const [q] = await quotationsOf(trf, applicant);
      expect((await event('quotation', q!, applicant, 'CONFIRM')).status).toBe(200);
      return q!;
    };
    const cny = await confirmedQuotation('CNY', [100000, 23456]);
    const usd = await confirmedQuotation('USD', [99999]);
    const payer = { companyId: 'c-applicant', name: 'Demo Applicant Co., Ltd.' };
    const made = await h.call({ method: 'POST', url: '/api/entities/statement', payload: { doc: { payer, periodStart: today(), periodEnd: today() } }, token: staff });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const statement = made.body.data as Rec;
    expect(statement.doc.quotationIds).toEqual(expect.arrayContaining([cny.id, usd.id]));
    expect(statement.doc.totalUsd).toBe(99999);
    expect(statement.doc.totalCny).toBeGreaterThanOrEqual(123456);
    // The payer confirms it in its list; staff request the payment, which issues the invoices.
    expect((await listed('statement', 'list=toActOn')).map((s) => s.id)).toContain(statement.id);
    const confirmed = await event('statement', statement, applicant, 'CONFIRM');
    expect(confirmed.body.data.states).toEqual({ $status: 'confirmed' });
    const requested = await event('statement', confirmed.body.data, staff, 'REQUEST_PAYMENT');
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.data.states).toEqual({ $status: 'toBePaid' });

    const invoices = (await listed('invoice', 'list=toPay')).filter((i) => i.doc.statementId === statement.id);
    expect(invoices.map((i) => i.doc.currency).sort()).toEqual(['CNY', 'USD']);
    const usdInvoice = invoices.find((i) => i.doc.currency === 'USD')!;
    expect(usdInvoice.states).toEqual({ $status: 'toBePaid' });
    expect(usdInvoice.doc).toMatchObject({
      statementNo: statement.doc.statementNo, payer, periodStart: today(), periodEnd: today(), issuedDate: today(),
      preTaxAmount: 99999, taxRate: 600, taxAmount: 6000, totalAmount: 105999, invoiceBalance: 105999,
    });
    expect(usdInvoice.doc.invoiceNo).toMatch(/^INV\d{12}$/);
    expect(invoices.find((i) => i.doc.currency === 'CNY')!.doc.preTaxAmount).toBe(statement.doc.totalCny);
    // HKD has no total: no invoice for it; a buyer sees none of them.
    expect((await h.call({ method: 'GET', url: `/api/entities/invoice/${usdInvoice.id}`, token: buyer })).status).toBe(404);

    // Paid as the payment service pays (recordInvoicePayment): the statement waits for its last invoice.
    const service = new EntityService(h.db, undefined, h.registry);
    const pay = (invoice: Rec, amount: number, orderNo: string) =>
      h.db.transaction((tx) => recordInvoicePayment(tx, service, h.registry, invoice.id, { amount, paymentOrderNo: orderNo }, 'u-staff'));
    const cnyInvoice = invoices.find((i) => i.doc.currency === 'CNY')!;
    expect(await pay(cnyInvoice, Number(cnyInvoice.doc.totalAmount) - 1, 'PO-PART')).toBe(true);
    expect(await pay(usdInvoice, 105999, 'PO-USD')).toBe(true);
    expect((await read('statement', statement.id)).states).toEqual({ $status: 'toBePaid' });
    expect(await pay(cnyInvoice, 1, 'PO-CNY')).toBe(true);
    expect((await read('invoice', cnyInvoice.id)).states).toEqual({ $status: 'paid' });
    expect((await read('statement', statement.id)).states).toEqual({ $status: 'paid' });
    // Paying it paid the quotations it gathered (the statement's own relay), each once.
    for (const q of [cny, usd]) expect((await read('quotation', q.id)).states).toEqual({ $status: 'paid' });
    const moves = await h.db.query<{ n: string }>("select count(*) as n from audit where record_id = $1 and event = 'MARK_PAID'", [statement.id]);
    expect(Number(moves.rows[0]!.n)).toBe(1);
  });
});
