import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { type ApiHarness } from '../support/api-harness.ts';
import { harnessWithAccounts } from '../support/harness-accounts.ts';
import { EntityService } from '../../server/entities/service.ts';
import { recordInvoicePayment } from '../../server/commercial/invoice-payments.ts';

/**
 * Invoices (issue 16): declarations only (schemas/invoice/, workflows/invoice.machine.ts). Staff
 * issue an invoice to a payer company, which sees it and may ask for an amendment; amounts are
 * integer minor units, the tax, total and balance computed exactly by the server (`computed`);
 * PAYMENT_RECEIVED is the server's alone (`by: "server"`), sent by recordInvoicePayment.
 */
describe.each(BACKENDS)('invoices on %s', (backend) => {
  let h: ApiHarness;
  let [staff, applicant, buyer] = ['', '', ''];
  beforeAll(async () => {
    [h, staff, applicant, buyer] = await harnessWithAccounts(backend, 'staff', 'applicant', 'buyer');
  });
  afterAll(() => h.close());

  const INVOICE = {
    payer: { companyId: 'c-applicant', name: '演示申请方有限公司' },
    payee: '通标标准技术服务有限公司',
    currency: 'CNY',
    preTaxAmount: 123456,
    taxRate: 600,
    issuedDate: '2026-11-20',
    reportNo: 'RPT-2026-001',
  };
  const issue = (doc: object, lang: 'zh-CN' | 'en-US' = 'en-US') => h.call({ method: 'POST', url: '/api/entities/invoice', payload: { doc }, token: staff, lang });
  const send = (id: string, token: string, type: string, version: number, payload?: object, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/invoice/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token, lang });
  const pay = (id: string, amount: number) => {
    const service = new EntityService(h.db, undefined, h.registry);
    return h.db.transaction((tx) => recordInvoicePayment(tx, service, h.registry, id, { amount, paymentOrderNo: 'PO000001' }, 'u-staff'));
  };
  const read = async (id: string, token = applicant) => (await h.call({ method: 'GET', url: `/api/entities/invoice/${id}`, token })).body.data;

  it('computes tax, total and balance exactly in minor units, and ignores what the client sends for them', async () => {
    const made = await issue({ ...INVOICE, totalAmount: 1, invoiceBalance: 1, paidAmount: 99 });
    expect(made.status).toBe(201);
    // 1,234.56 × 6% = 74.0736 → 74.07; total 1,308.63.
    expect(made.body.data.doc).toMatchObject({ taxAmount: 7407, totalAmount: 130863, paidAmount: 0, invoiceBalance: 130863 });
    expect(made.body.data.doc.invoiceNo).toMatch(/^INV\d{12}$/);
    // Large amounts stay exact (beyond what a float of yuan would hold to the fen).
    const large = await issue({ ...INVOICE, preTaxAmount: 9007199254740, taxRate: 1300 });
    expect(large.body.data.doc).toMatchObject({ taxAmount: 1170935903116, totalAmount: 10178135157856 });
    // An amount is an integer of minor units: a fraction is refused in the user's language.
    const frac = await issue({ ...INVOICE, preTaxAmount: 1234.56 }, 'zh-CN');
    expect([frac.status, frac.body.errors!.map((e) => e.field)]).toEqual([400, ['preTaxAmount']]);
    const text = await issue({ ...INVOICE, preTaxAmount: '1234.56' });
    expect(text.status).toBe(400);
    const badCurrency = await issue({ ...INVOICE, currency: 'EUR' });
    expect([badCurrency.status, badCurrency.body.errors!.map((e) => e.field)]).toEqual([400, ['currency']]);
  });

  it('is seen by its payer only; the payer cannot create or record a payment; a payment moves it to paid', async () => {
    const made = await issue(INVOICE);
    const id = made.body.data.id as string;
    const ids = async (token: string) => ((await h.call({ method: 'GET', url: '/api/entities/invoice', token })).body.data.items as { id: string }[]).map((i) => i.id);
    expect(await ids(applicant)).toContain(id);
    expect(await ids(buyer)).not.toContain(id);
    expect((await h.call({ method: 'POST', url: '/api/entities/invoice', payload: { doc: INVOICE }, token: applicant })).status).toBe(403);

    const forged = await send(id, applicant, 'PAYMENT_RECEIVED', 1, { amount: 130863, outstanding: 0, paidAmount: 130863 }, 'zh-CN');
    expect([forged.status, forged.body.errorCode, forged.body.message]).toEqual([403, 'SERVER_ONLY', '“收到付款”由系统自动执行，不能手动操作']);
    const forgedByStaff = await send(id, staff, 'PAYMENT_RECEIVED', 1, { amount: 130863, outstanding: 0, paidAmount: 130863 });
    expect([forgedByStaff.status, forgedByStaff.body.errorCode]).toEqual([403, 'SERVER_ONLY']);

    await expect(pay(id, 130864)).rejects.toMatchObject({ status: 400, code: 'PAYMENT_AMOUNT_INVALID' });
    await expect(pay(id, 0)).rejects.toMatchObject({ status: 400, code: 'PAYMENT_AMOUNT_INVALID' });
    expect(await pay(id, 30000)).toBe(true);
    let doc = await read(id);
    expect([doc.states.$status, doc.doc.paidAmount, doc.doc.invoiceBalance]).toEqual(['toBePaid', 30000, 100863]);
    expect(await pay(id, 100863)).toBe(true);
    doc = await read(id);
    expect([doc.states.$status, doc.doc.paidAmount, doc.doc.invoiceBalance]).toEqual(['paid', 130863, 0]);
    // Paid: a further payment is refused (nothing outstanding), and so is an amendment (paid is final).
    await expect(pay(id, 1)).rejects.toMatchObject({ status: 400 });
    const amend = await send(id, applicant, 'REQUEST_AMENDMENT', doc.version, { reason: 'Wrong tax number' });
    expect([amend.status, amend.body.errorCode]).toEqual([409, 'EVENT_NOT_ALLOWED']);
    const history = (await h.call({ method: 'GET', url: `/api/entities/invoice/${id}/history`, token: staff })).body.data;
    expect(JSON.stringify(history)).toContain('PO000001');
  });

  it('asks a reason for an amendment; only the issuer reissues or cancels; a reissued one is to be paid again', async () => {
    const id = (await issue(INVOICE)).body.data.id as string;
    const blank = await send(id, applicant, 'REQUEST_AMENDMENT', 1, { reason: ' ' }, 'zh-CN');
    expect([blank.status, blank.body.errors!.map((e) => e.message)]).toEqual([400, ['修改原因: 请填写修改原因']]);
    const own = await send(id, staff, 'REQUEST_AMENDMENT', 1, { reason: 'Wrong tax number' });
    expect(own.status).toBe(403);
    const amended = await send(id, applicant, 'REQUEST_AMENDMENT', 1, { reason: 'Wrong tax number' });
    expect(amended.body.data.states).toEqual({ $status: 'amendmentNeeded' });
    expect((await send(id, applicant, 'REISSUE', 2)).status).toBe(403);
    expect((await send(id, staff, 'REISSUE', 2)).body.data.states).toEqual({ $status: 'toBePaid' });
    const noReason = await send(id, staff, 'CANCEL', 3, { reason: '' });
    expect(noReason.status).toBe(400);
    expect((await send(id, staff, 'CANCEL', 3, { reason: 'Order withdrawn' })).body.data.states).toEqual({ $status: 'cancelled' });
  });

  it('mails the payer when issued', async () => {
    const made = await issue(INVOICE);
    const no = made.body.data.doc.invoiceNo as string;
    const { rows } = await h.db.query<{ subject: string }>(`select subject from outbox where subject like $1`, [`%${no}%`]);
    expect(rows.length).toBeGreaterThan(0);
  });
});
