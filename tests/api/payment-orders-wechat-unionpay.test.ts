import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyRequest } from '../../server/payments/provider.ts';
import type { UnionpaySandbox } from '../../server/payments/sandbox/unionpay.ts';
import type { WechatSandbox } from '../../server/payments/sandbox/wechat.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { formActions } from '../support/payment-sandbox-server.ts';
import { paymentDriver } from '../support/payments.ts';

type Provider = 'wechat' | 'unionpay';
const BASE = 'http://localhost:8080';
/** What each protocol answers a notify it takes (WeChat Pay: 204; UnionPay: 200 `ok`) and one it refuses. */
const TAKEN: Record<Provider, number> = { wechat: 204, unionpay: 200 };

/**
 * Issue 16: paying invoices with WeChat Pay Native and the UnionPay gateway through the portal's
 * payment orders, against their sandboxes (real signatures, WeChat's encrypted notify, UnionPay's
 * certificate chain): a good notify, the same notify again, a forged one, a wrong amount, a lost
 * notify recovered by the order query, a failure and a retry, a payment made as the order is
 * cancelled (recorded, refunded by staff). Alipay's cases: payments-alipay.test.ts.
 */
describe.each(BACKENDS)('online payment with WeChat Pay and UnionPay sandboxes on %s', (backend) => {
  let h: ApiHarness;
  let p: ReturnType<typeof paymentDriver>;
  let staff: string;
  let payer: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    payer = await h.login('applicant');
    p = paymentDriver(h, { staff, payer });
  });
  afterAll(() => h.close());

  const sandboxOf = (provider: Provider) => h.app.payments.sandboxes.get(provider) as WechatSandbox | UnionpaySandbox;
  const form = (fields: Record<string, string> = {}) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' },
    payload: new URLSearchParams(fields).toString(),
  });

  /** Opens the provider's pay page the way the browser does (WeChat: the QR's code_url; UnionPay: the signed form); answers its buttons. */
  const openPage = async (provider: Provider, start: { kind: string; url?: string; codeUrl?: string; action?: string; fields?: Record<string, string> }) => {
    const page =
      provider === 'wechat'
        ? (expect(start.kind).toBe('qr'), await h.app.inject({ method: 'GET', url: start.codeUrl!.slice(BASE.length), headers: { 'accept-language': 'en-US' } }))
        : (expect(start.kind).toBe('form'), await h.app.inject({ method: 'POST', url: start.action!.slice(BASE.length), ...form(start.fields) }));
    expect(page.statusCode, page.body).toBe(200);
    return formActions(page.body);
  };

  const opened = async (provider: Provider, preTax = 10000) => {
    const invoice = await p.invoice(preTax);
    const made = await p.submit([invoice.id], provider);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const order = made.body.data.order as { id: string; doc: Record<string, unknown>; version: number };
    const buttons = await openPage(provider, made.body.data.start);
    return { invoice, order, tradeNo: String(order.doc.orderNo), buttons };
  };

  /** The payer presses Pay or Fail on the sandbox's page. */
  const press = async (buttons: Record<string, { action: string }>, action: 'pay' | 'fail', notify: 'send' | 'drop' = 'send', provider?: Provider) => {
    const sandbox = provider ? sandboxOf(provider) : undefined;
    if (sandbox) sandbox.notifyMode = notify;
    try {
      const res = await h.app.inject({ method: 'POST', url: buttons[action]!.action.slice(BASE.length), ...form() });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    } finally {
      if (sandbox) sandbox.notifyMode = 'send';
    }
  };

  const postNotify = async (provider: Provider, req: NotifyRequest) => {
    const headers = { 'content-type': provider === 'wechat' ? 'application/json' : 'application/x-www-form-urlencoded', ...(Object.fromEntries(Object.entries(req.headers).filter(([, v]) => typeof v === 'string')) as Record<string, string>) };
    return (await h.app.inject({ method: 'POST', url: `/api/payments/notify/${provider}`, headers, payload: req.rawBody })).statusCode;
  };

  const notifyNotes = async (orderId: string) => (await p.exchanges(orderId)).exchanges.filter((e) => e.kind === 'notify').map((e) => [e.ok, e.note]);
  const outcome = async (orderId: string) => (await h.call({ method: 'GET', url: `/api/payments/orders/${orderId}/outcome`, token: payer })).body.data.states.$status as string;

  describe.each(['wechat', 'unionpay'] as const)('%s', (provider) => {
    it('a good notify pays the order and its invoices; the same notify again changes nothing', async () => {
      const { invoice, order, tradeNo, buttons } = await opened(provider);
      expect(order.doc.payType).toBe(provider);
      expect(await press(buttons, 'pay')).toContain('data-message="notifyDelivered"');
      const paid = await p.order(order.id);
      expect(paid.states.$status).toBe('success');
      const inv = await p.invoiceState(invoice.id);
      expect([inv.states.$status, inv.doc.paidAmount]).toEqual(['paid', invoice.balance]);
      const again = await sandboxOf(provider).sendNotify(tradeNo);
      expect(again.status).toBe(TAKEN[provider]);
      expect(await postNotify(provider, again.request)).toBe(TAKEN[provider]);
      expect((await p.order(order.id)).version).toBe(paid.version);
      expect((await p.invoiceState(invoice.id)).version).toBe(inv.version);
      expect(await notifyNotes(order.id)).toEqual([
        [true, 'paid'],
        [true, 'unchanged'],
        [true, 'unchanged'],
      ]);
      expect((await p.submit([invoice.id], provider)).status).toBe(400);
    });

    it('refuses a forged notify and a wrong amount, logging both with the order; the order query then finds the real payment', async () => {
      const { order, tradeNo, buttons } = await opened(provider);
      await press(buttons, 'pay', 'drop', provider);
      const genuine = (await sandboxOf(provider).sendNotify(tradeNo, { amountFen: 1 })).request;
      // Bytes changed after signing: WeChat's signature covers the body; UnionPay's the sorted fields.
      const forged = provider === 'wechat' ? genuine.rawBody.replace('"resource_type"', ' "resource_type"') : genuine.rawBody.replace('txnAmt=1&', `txnAmt=${String(order.doc.amountFen)}&`);
      expect(forged).not.toBe(genuine.rawBody);
      expect(await postNotify(provider, { ...genuine, rawBody: forged })).toBe(400);
      expect(await postNotify(provider, { headers: genuine.headers, rawBody: 'not a notify' })).toBe(400);
      expect((await p.order(order.id)).states.$status).toBe('waitingForPayment');
      const notes = await notifyNotes(order.id);
      expect(notes[0], 'the wrong amount, verified and refused').toEqual([false, 'rejected']);
      if (provider === 'unionpay') expect(notes.slice(1).map(([ok]) => ok), 'the forged notify names its order in clear').toEqual([false]);
      else {
        // WeChat Pay's order number is inside the encrypted resource: a notify whose signature fails is logged without an order.
        expect(notes).toHaveLength(1);
        const { rows } = await h.db.query<{ note: string }>("select note from payment_exchanges where provider = 'wechat' and kind = 'notify' and trade_no = '' and not ok order by id desc limit 2");
        expect(rows.map((r) => r.note)).toEqual(['bad Wechatpay-Signature', 'bad Wechatpay-Signature']);
      }
      expect(await outcome(order.id)).toBe('success');
    });

    it('recovers a lost notify by the order query when the payer comes back', async () => {
      const { order, invoice, buttons } = await opened(provider);
      expect(await press(buttons, 'pay', 'drop', provider)).toContain('data-message="notifyNotDelivered"');
      expect((await p.order(order.id)).states.$status).toBe('waitingForPayment');
      expect(await outcome(order.id)).toBe('success');
      expect((await p.invoiceState(invoice.id)).states.$status).toBe('paid');
      // WeChat Pay answers the pay request itself (the code_url); no notify came, the query told.
      const log = (await p.exchanges(order.id)).exchanges.map((e) => [e.direction, e.kind]);
      expect(log.filter(([, kind]) => kind !== 'pay')).toEqual([
        ['out', 'query'],
        ['in', 'query'],
      ]);
    });

    it('a failed payment is paid again with a new trade', async () => {
      const { order, invoice, buttons } = await opened(provider);
      await press(buttons, 'fail');
      expect(await outcome(order.id)).toBe('failed');
      const again = await h.call({ method: 'POST', url: `/api/payments/orders/${order.id}/pay`, token: payer });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.order.states.$status).toBe('waitingForPayment');
      await press(await openPage(provider, again.body.data.start), 'pay');
      expect((await p.order(order.id)).states.$status).toBe('success');
      expect((await p.invoiceState(invoice.id)).states.$status).toBe('paid');
      const { trades } = await p.exchanges(order.id);
      expect(trades.map((t) => [t.tradeNo, t.status])).toEqual([
        [String(order.doc.orderNo), 'failed'],
        [`${String(order.doc.orderNo)}R2`, 'paid'],
      ]);
    });

    it('a payment made as the order is cancelled is recorded, its late notify changes nothing, and staff refund it at the provider', async () => {
      const { order, tradeNo, invoice, buttons } = await opened(provider);
      await press(buttons, 'pay', 'drop', provider);
      const cancelled = await p.send(order.id, order.version, 'CANCEL');
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      await h.app.effects.runDue();
      const late = await p.order(order.id);
      expect(late.states.$status).toBe('paidAfterCancel');
      expect((await p.invoiceState(invoice.id)).states.$status).toBe('toBePaid');
      expect((await sandboxOf(provider).sendNotify(tradeNo)).status).toBe(TAKEN[provider]);
      expect((await p.order(order.id)).version).toBe(late.version);
      expect((await p.send(order.id, late.version, 'REFUND', { reason: 'Paid after cancellation' })).status).toBe(403);
      const refunded = await p.send(order.id, late.version, 'REFUND', { reason: 'Paid after cancellation' }, staff);
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      await h.app.effects.runDue();
      expect((await p.order(order.id)).states.$status).toBe('refunded');
      const log = (await p.exchanges(order.id)).exchanges.map((e) => [e.direction, e.kind, e.ok]);
      expect(log).toContainEqual(['out', 'refund', true]);
      expect(log.at(-1)).toEqual(['in', 'refund', true]);
    });
  });

  it("UnionPay's front return: the browser's signed form POST is taken as a notify, then sent to /paySuccess (303); a forged one changes nothing", async () => {
    const { order, tradeNo, buttons } = await opened('unionpay');
    const page = await press(buttons, 'pay', 'drop', 'unionpay');
    const back = formActions(page).back!;
    expect(back.action).toBe(`${BASE}/api/payments/return/unionpay?order=${order.id}`);
    const forged = await h.app.inject({ method: 'POST', url: back.action.slice(BASE.length), ...form({ ...back.fields, txnAmt: '1' }) });
    expect([forged.statusCode, forged.headers.location]).toEqual([303, `/paySuccess?order=${order.id}`]);
    expect((await p.order(order.id)).states.$status).toBe('waitingForPayment');
    const res = await h.app.inject({ method: 'POST', url: back.action.slice(BASE.length), ...form(back.fields) });
    expect([res.statusCode, res.headers.location]).toEqual([303, `/paySuccess?order=${order.id}`]);
    expect((await p.order(order.id)).states.$status).toBe('success');
    expect(await notifyNotes(order.id)).toEqual([
      [false, expect.any(String)],
      [true, 'paid'],
    ]);
    expect((await p.exchanges(order.id)).trades).toEqual([expect.objectContaining({ tradeNo, status: 'paid' })]);
    // Another provider's way back is a plain GET: its POST is only sent on.
    const other = await h.app.inject({ method: 'POST', url: `/api/payments/return/alipay?order=${order.id}`, ...form({ out_trade_no: tradeNo }) });
    expect([other.statusCode, other.headers.location]).toEqual([303, `/paySuccess?order=${order.id}`]);
    expect(await notifyNotes(order.id)).toHaveLength(2);
  });
});
