import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { paymentDriver } from '../support/payments.ts';

/**
 * Issue 16: paying invoices with Alipay page pay, against the Alipay sandbox gateway (real RSA2
 * signatures both ways): the SPEC §8 refusals, a good notify, a forged one, a wrong amount, the
 * same notify twice, a payment after the cancellation (recorded, refunded by staff), a lost
 * notify recovered by the order query, a failure and a retry, and the 15-minute auto-cancel.
 */
describe.each(BACKENDS)('online payment with the Alipay sandbox on %s', (backend) => {
  let h: ApiHarness;
  let p: ReturnType<typeof paymentDriver>;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    p = paymentDriver(h, { staff, payer: await h.login('applicant') });
  });
  afterAll(() => h.close());

  /** A paid-for order in its waiting state with its trade opened at the sandbox. */
  const opened = async (preTax = 10000) => {
    const invoice = await p.invoice(preTax);
    const made = await p.submit([invoice.id]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const tradeNo = await p.openPayPage(made.body.data.start);
    return { invoice, order: made.body.data.order as { id: string; doc: Record<string, unknown>; version: number }, tradeNo };
  };

  it('offers Alipay through its sandbox, and refuses to pay without a type, without invoices, paid invoices and invoices already in an open order', async () => {
    expect((await h.call({ method: 'GET', url: '/api/payments/types', token: staff })).body.data).toContain('alipay');
    const invoice = await p.invoice();
    for (const [lang, text] of [['en-US', 'Choose payment type'], ['zh-CN', '请选择支付方式']] as const) {
      const res = await p.submit([invoice.id], null, lang);
      expect([res.status, res.body.message]).toEqual([400, text]);
    }
    expect((await p.submit([], 'alipay', 'zh-CN')).body.message).toBe('请至少选择一张发票');
    expect((await p.submit([invoice.id], 'paypal')).status).toBe(400);
    const made = await p.submit([invoice.id]);
    expect(made.status).toBe(201);
    const order = made.body.data.order;
    expect(order.states.$status).toBe('waitingForPayment');
    expect([order.doc.amountFen, order.doc.payable, order.doc.currency]).toEqual([invoice.balance, '106.00', 'CNY']);
    // total_amount travels as yuan, a decimal string, in the RSA2-signed request.
    const biz = JSON.parse(new URL(made.body.data.start.url).searchParams.get('biz_content')!);
    expect([biz.out_trade_no, biz.total_amount, biz.product_code]).toEqual([order.doc.orderNo, '106.00', 'FAST_INSTANT_TRADE_PAY']);
    const again = await p.submit([invoice.id], 'alipay', 'en-US');
    expect([again.status, again.body.message]).toEqual([409, `Payment order exists (${String(order.doc.orderNo)}) for the selected invoices: pay or cancel it first`]);
    expect((await p.submit([invoice.id], 'alipay', 'zh-CN')).body.message).toContain('已存在支付订单');
  });

  it('a good notify pays the order and its invoices; the same notify again changes nothing; a paid invoice is refused', async () => {
    const { invoice, order, tradeNo } = await opened();
    const back = await p.press(tradeNo, 'pay');
    expect(back.startsWith(`http://localhost:8080/paySuccess?order=${order.id}&out_trade_no=${tradeNo}`)).toBe(true);
    const paid = await p.order(order.id);
    expect(paid.states.$status).toBe('success');
    expect(paid.doc.providerTradeNo).toMatch(/^\d{24}$/);
    const inv = await p.invoiceState(invoice.id);
    expect([inv.states.$status, inv.doc.paidAmount]).toEqual(['paid', invoice.balance]);

    const body = p.sandbox.notifyBody(tradeNo);
    expect(await p.notify(body)).toBe('success');
    expect(await p.notify(body)).toBe('success');
    expect((await p.order(order.id)).version).toBe(paid.version);
    expect((await p.invoiceState(invoice.id)).version).toBe(inv.version);

    for (const [lang, text] of [['en-US', 'Paid, please re select another invoice to pay'], ['zh-CN', '已支付，请重新选择其他发票进行支付']] as const) {
      const res = await p.submit([invoice.id], 'alipay', lang);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(text);
    }
    const log = await p.exchanges(order.id);
    expect(log.exchanges.map((e) => [e.direction, e.kind, e.ok])).toEqual([
      ['out', 'pay', true],
      ['in', 'notify', true],
      ['in', 'notify', true],
      ['in', 'notify', true],
    ]);
    expect(log.exchanges.slice(1).map((e) => e.note)).toEqual(['paid', 'unchanged', 'unchanged']);
  });

  it('refuses a forged signature and a wrong amount, logging both with the order', async () => {
    const { order, tradeNo } = await opened();
    expect(await p.notify(p.sandbox.notifyBody(tradeNo, { trade_status: 'TRADE_SUCCESS' }, p.forgerKey()))).toBe('failure');
    expect(await p.notify(p.sandbox.notifyBody(tradeNo, { trade_status: 'TRADE_SUCCESS', total_amount: '0.01' }))).toBe('failure');
    // A body altered after signing does not verify either.
    expect(await p.notify(p.sandbox.notifyBody(tradeNo, { trade_status: 'TRADE_SUCCESS' }).replace('total_amount=106.00', 'total_amount=1.00'))).toBe('failure');
    expect(await p.notify('not=a&notify')).toBe('failure');
    expect((await p.order(order.id)).states.$status).toBe('waitingForPayment');
    const log = await p.exchanges(order.id);
    expect(log.exchanges.filter((e) => e.kind === 'notify').map((e) => [e.ok, e.note])).toEqual([
      [false, 'signature does not verify'],
      [false, 'rejected'],
      [false, 'signature does not verify'],
    ]);
  });

  it('recovers a lost notify with the order query when the payer comes back', async () => {
    const { order, tradeNo, invoice } = await opened();
    p.sandbox.notifyMode = 'drop';
    try {
      await p.press(tradeNo, 'pay');
    } finally {
      p.sandbox.notifyMode = 'send';
    }
    expect((await p.order(order.id)).states.$status).toBe('waitingForPayment');
    const outcome = await h.call({ method: 'GET', url: `/api/payments/orders/${order.id}/outcome`, token: await h.login('applicant') });
    expect(outcome.body.data.states.$status).toBe('success');
    expect((await p.invoiceState(invoice.id)).states.$status).toBe('paid');
    expect((await p.exchanges(order.id)).exchanges.map((e) => [e.direction, e.kind])).toEqual([
      ['out', 'pay'],
      ['out', 'query'],
      ['in', 'query'],
    ]);
  });

  it('a failed payment is paid again with a new trade', async () => {
    const { order, tradeNo, invoice } = await opened();
    await p.press(tradeNo, 'fail');
    const failed = await p.order(order.id);
    expect([failed.states.$status, failed.doc.failReason]).toEqual(['failed', 'TRADE_CLOSED']);
    // The return page's check finds it failed too.
    expect((await h.call({ method: 'GET', url: `/api/payments/orders/${order.id}/outcome`, token: await h.login('applicant') })).body.data.states.$status).toBe('failed');
    const again = await h.call({ method: 'POST', url: `/api/payments/orders/${order.id}/pay`, token: await h.login('applicant') });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.order.states.$status).toBe('waitingForPayment');
    const retryTrade = await p.openPayPage(again.body.data.start);
    expect(retryTrade).toBe(`${String(order.doc.orderNo)}R2`);
    await p.press(retryTrade, 'pay');
    expect((await p.order(order.id)).states.$status).toBe('success');
    expect((await p.invoiceState(invoice.id)).states.$status).toBe('paid');
    expect((await p.exchanges(order.id)).trades.map((t) => t.status)).toEqual(['failed', 'paid']);
  });

  it('a payment made as the order is cancelled is recorded, and staff refund it at the provider', async () => {
    const { order, tradeNo, invoice } = await opened();
    p.sandbox.notifyMode = 'drop';
    try {
      await p.press(tradeNo, 'pay');
    } finally {
      p.sandbox.notifyMode = 'send';
    }
    const cancelled = await p.send(order.id, order.version, 'CANCEL');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // The close fails at Alipay (the trade is paid): the query records the payment on the order.
    const late = await p.order(order.id);
    expect(late.states.$status).toBe('paidAfterCancel');
    expect((await p.invoiceState(invoice.id)).states.$status).toBe('toBePaid');
    // The late notify itself changes nothing more.
    expect(await p.notify(p.sandbox.notifyBody(tradeNo))).toBe('success');
    expect((await p.order(order.id)).version).toBe(late.version);
    // The payer may not refund; staff may, with a reason.
    expect((await p.send(order.id, late.version, 'REFUND', { reason: 'Paid after cancellation' })).status).toBe(403);
    const refunded = await p.send(order.id, late.version, 'REFUND', { reason: 'Paid after cancellation' }, staff);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data.states.$status).toBe('refunded');
    const log = (await p.exchanges(order.id)).exchanges.map((e) => [e.direction, e.kind, e.ok]);
    expect(log).toContainEqual(['out', 'close', true]);
    expect(log.slice(-2)).toEqual([
      ['out', 'refund', true],
      ['in', 'refund', true],
    ]);
  });

  it('closes and refunds at Alipay with no transaction or row lock held while Alipay answers', async () => {
    const { order, tradeNo } = await opened();
    p.sandbox.notifyMode = 'drop';
    try {
      await p.press(tradeNo, 'pay');
    } finally {
      p.sandbox.notifyMode = 'send';
    }
    const alipay = h.app.payments.providers.get('alipay')!;
    const seen: Record<string, unknown>[] = [];
    // From another transaction while the call is out: the effect, the order and its trade are free to lock and write.
    const probe = async (kind: string) => {
      // On the embedded database a transaction held across the call would block this one forever: the race names it.
      const hang = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the database stayed busy while Alipay was called (${kind})`)), 20_000));
      const found = await Promise.race([
        h.db.transaction(async (tx) => {
          const effect = await tx.query<{ status: string }>("select status from effects where subject_id = $1 and kind = $2 and status = 'pending' for update nowait", [order.id, kind]);
          const orders = await tx.query('select 1 from records where id = $1 for update nowait', [order.id]);
          const trades = await tx.query('select 1 from payment_trades where trade_no = $1 for update nowait', [tradeNo]);
          await tx.query('update records set updated_at = updated_at where id = $1', [order.id]);
          return { kind, effect: effect.rows[0]?.status, order: orders.rows.length, trade: trades.rows.length };
        }),
        hang,
      ]);
      seen.push(found);
    };
    const { close, refund } = alipay;
    alipay.close = async (...args) => {
      await probe('closeAtProvider');
      return close.apply(alipay, args);
    };
    alipay.refund = async (...args) => {
      await probe('refundAtProvider');
      return refund.apply(alipay, args);
    };
    try {
      const cancelled = await p.send(order.id, order.version, 'CANCEL');
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      // The close was refused (the trade is paid); the query's answer is applied in the effect's second transaction.
      const late = await p.order(order.id);
      expect(late.states.$status).toBe('paidAfterCancel');
      const refunded = await p.send(order.id, late.version, 'REFUND', { reason: 'Paid after cancellation' }, staff);
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    } finally {
      alipay.close = close;
      alipay.refund = refund;
    }
    expect(seen).toEqual([
      { kind: 'closeAtProvider', effect: 'pending', order: 1, trade: 1 },
      { kind: 'refundAtProvider', effect: 'pending', order: 1, trade: 1 },
    ]);
    const effects = await h.db.query<{ kind: string; status: string }>("select kind, status from effects where subject_id = $1 and kind like '%AtProvider' order by id", [order.id]);
    expect(effects.rows).toEqual([
      { kind: 'closeAtProvider', status: 'done' },
      { kind: 'refundAtProvider', status: 'done' },
    ]);
    const log = (await p.exchanges(order.id)).exchanges.map((e) => [e.direction, e.kind, e.ok]);
    expect(log.slice(-2)).toEqual([
      ['out', 'refund', true],
      ['in', 'refund', true],
    ]);
  });

  it('auto-cancels 15 minutes after submission through the durable timer and closes the trade at Alipay; the invoice can be paid again', async () => {
    const { order, tradeNo, invoice } = await opened();
    const { rows } = await h.db.query<{ due: Date | string }>('select timer_due_at as due from records where id = $1', [order.id]);
    const dueIn = new Date(rows[0]!.due).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(14 * 60_000);
    expect(dueIn).toBeLessThanOrEqual(15 * 60_000);
    // A retry does not restart the window: the timer sits on the open state.
    await h.db.query("update records set timer_due_at = now() - interval '1 second' where id = $1", [order.id]);
    expect(await fireDueTimers(h.db, h.registry)).toBe(1);
    expect(await fireDueTimers(h.db, h.registry)).toBe(0);
    await h.app.effects.runDue();
    expect((await p.order(order.id)).states.$status).toBe('cancelled');
    expect((await p.exchanges(order.id)).trades).toEqual([expect.objectContaining({ tradeNo, status: 'closed' })]);
    // The closed trade cannot be paid at Alipay any more.
    const closedPage = await h.app.inject({ method: 'POST', url: '/sandbox/alipay/pay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `out_trade_no=${tradeNo}&action=pay` });
    expect(closedPage.statusCode).toBe(400);
    expect((await p.submit([invoice.id])).status).toBe(201);
  });
});
