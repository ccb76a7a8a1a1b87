import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiHarness } from '../support/api-harness.ts';
import type { WechatSandbox } from '../../server/payments/sandbox/wechat.ts';
import type { UnionpaySandbox } from '../../server/payments/sandbox/unionpay.ts';
import type { PayRequest } from '../../server/payments/provider.ts';
import { formActions } from '../support/payment-sandbox-server.ts';

/**
 * WeChat Pay and UnionPay as the portal mounts them (registry.ts, no configuration: their sandboxes
 * at /sandbox/<id>, reached through loopbackFetch): offered as payment types, their sandbox routes
 * public, their notifies reaching the portal's notify endpoint, their queries answering.
 */
describe('WeChat Pay and UnionPay mounted in the portal', () => {
  let h: ApiHarness;
  const base = 'http://localhost:8080';
  beforeAll(async () => {
    h = await ApiHarness.start('pglite');
  });
  afterAll(() => h.close());

  const request = (provider: string, amountFen: number): PayRequest => ({
    orderNo: `PM${Date.now()}${amountFen}`,
    amountFen,
    currency: 'CNY',
    subject: 'Invoice',
    notifyUrl: `${base}/api/payments/notify/${provider}`,
    returnUrl: `${base}/paySuccess`,
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  /** What the portal logged of a trade's notifies: verified and refused as unknown, or not verified. */
  const notifyNotes = async (tradeNo: string) =>
    (await h.db.query<{ ok: boolean; note: string | null }>("select ok, note from payment_exchanges where trade_no = $1 and kind = 'notify' order by id", [tradeNo])).rows;
  const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-CN' }, payload: new URLSearchParams(fields).toString() });

  it('offers both payment types with their sandboxes', async () => {
    const token = await h.login('applicant');
    const types = await h.call({ method: 'GET', url: '/api/payments/types', token });
    expect(types.body.data).toEqual(expect.arrayContaining(['wechat', 'unionpay']));
    expect([...h.app.payments.sandboxes.keys()]).toEqual(expect.arrayContaining(['wechat', 'unionpay']));
  });

  it('WeChat Pay: the QR page is public, Pay sends the notify to the portal (which refuses a trade it does not know), the query answers paid', async () => {
    const wechat = h.app.payments.providers.get('wechat')!;
    const sandbox = h.app.payments.sandboxes.get('wechat') as WechatSandbox;
    const req = request('wechat', 2300);
    const start = await wechat.start(req);
    if (start.kind !== 'qr') throw new Error(start.kind);
    expect(start.codeUrl.startsWith(`${base}/sandbox/wechat/pay/`)).toBe(true);
    const page = await h.app.inject({ method: 'GET', url: start.codeUrl.slice(base.length), headers: { 'accept-language': 'zh-CN' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥23.00');
    const pay = formActions(page.body).pay!;
    const paid = await h.app.inject({ method: 'POST', url: pay.action.slice(base.length), ...form({}) });
    expect(paid.statusCode).toBe(200);
    // The portal verified the notify and refused it: no payment order holds this trade.
    expect(paid.body).toContain('data-message="notifyNotDelivered"');
    const direct = await sandbox.sendNotify(req.orderNo);
    expect(direct.status).toBe(400);
    expect(await notifyNotes(req.orderNo)).toEqual([
      { ok: false, note: 'unknown trade' },
      { ok: false, note: 'unknown trade' },
    ]);
    expect(await wechat.query(req.orderNo)).toMatchObject({ status: 'paid', amountFen: 2300 });
  });

  it('UnionPay: the browser form opens the public pay page, Pay sends the back notify to the portal, the query answers paid', async () => {
    const unionpay = h.app.payments.providers.get('unionpay')!;
    const sandbox = h.app.payments.sandboxes.get('unionpay') as UnionpaySandbox;
    const req = request('unionpay', 4500);
    const start = await unionpay.start(req);
    if (start.kind !== 'form') throw new Error(start.kind);
    expect(start.action).toBe(`${base}/sandbox/unionpay/gateway/api/frontTransReq.do`);
    const page = await h.app.inject({ method: 'POST', url: start.action.slice(base.length), ...form(start.fields) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('¥45.00');
    const paid = await h.app.inject({ method: 'POST', url: formActions(page.body).pay!.action.slice(base.length), ...form({}) });
    expect(paid.body).toContain('data-message="notifyNotDelivered"');
    expect((await sandbox.sendNotify(req.orderNo)).status).toBe(400);
    expect((await notifyNotes(req.orderNo)).map((n) => n.note)).toEqual(['unknown trade', 'unknown trade']);
    expect(await unionpay.query(req.orderNo)).toMatchObject({ status: 'paid', amountFen: 4500 });
  });
});
