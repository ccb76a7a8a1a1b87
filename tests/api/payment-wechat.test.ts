import { describe, expect, it } from 'vitest';
import { createWechatProvider, WechatPayProvider } from '../../server/payments/wechat.ts';
import { wechatSandbox } from '../../server/payments/sandbox/wechat.ts';
import { generateRsaKeyPair } from '../../server/payments/crypto/sandbox-pki.ts';
import { signAnswer } from '../../server/payments/wechat-sign.ts';
import type { PayRequest } from '../../server/payments/provider.ts';
import { PaymentProviderError } from '../../server/payments/provider-error.ts';
import { formActions, submitForm, useSandboxServer } from '../support/payment-sandbox-server.ts';

/**
 * WeChat Pay Native (API v3) adapter against its sandbox over real HTTP: signed requests and
 * answers, the QR code's pay page, the signed and encrypted notify, query, close and refund.
 */
describe('WeChat Pay Native adapter against its sandbox', () => {
  const sb = useSandboxServer('wechat', wechatSandbox, createWechatProvider);

  /** Starts an order and opens the page its QR code leads to. */
  async function startAndOpen(req: PayRequest, lang = 'en-US') {
    const start = await sb.provider.start(req);
    if (start.kind !== 'qr') throw new Error(`expected a QR start, got ${start.kind}`);
    const page = await fetch(start.codeUrl, { headers: { 'Accept-Language': lang } });
    const html = await page.text();
    return { codeUrl: start.codeUrl, status: page.status, html, forms: formActions(html) };
  }

  it('pays: the QR leads to the pay page, Pay sends a signed encrypted notify that verifies', async () => {
    const req = sb.order();
    const opened = await startAndOpen(req);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('¥123.45');
    expect(opened.html).toContain(req.orderNo);
    expect(Object.keys(opened.forms)).toEqual(['pay', 'fail']);
    const zh = await fetch(`${opened.codeUrl}?lang=zh-CN`);
    expect(await zh.text()).toContain('>支付<');

    const before = sb.server.notifies.length;
    const paid = await submitForm(opened.forms.pay!.action);
    expect(paid.html).toContain('data-message="notifyDelivered"');
    expect(sb.server.notifies.length).toBe(before + 1);
    const notify = sb.server.notifies.at(-1)!;
    expect(notify.error).toBeUndefined();
    expect(notify.reply.status).toBe(204);
    expect(notify.verified).toMatchObject({ orderNo: req.orderNo, amountFen: 12345, outcome: 'paid', fields: { mchid: sb.config.mchId, appid: sb.config.appId, trade_state: 'SUCCESS', currency: 'CNY' } });
    expect(notify.verified!.providerTradeNo).toMatch(/^42\d{26}$/);

    // Every exchange is logged with its order: the signed request and its answer (the service logs notifies).
    const logged = sb.server.exchanges.filter((e) => e.orderNo === req.orderNo).map((e) => `${e.direction}:${e.kind}:${e.ok}`);
    expect(logged).toEqual(['out:pay:true', 'in:pay:true']);

    // The same notify again (WeChat Pay retries) verifies identically; so does the same bytes replayed.
    const again = await sb.gateway.sendNotify(req.orderNo);
    expect(again.status).toBe(204);
    expect(sb.server.notifies.at(-1)!.verified).toEqual(notify.verified);
    const replay = await sb.provider.verifyNotify(again.request);
    expect(replay.verified).toEqual(notify.verified);

    // The page is spent: paying twice is refused.
    expect((await submitForm(opened.forms.pay!.action)).status).toBe(409);
    expect(await sb.provider.query(req.orderNo)).toEqual({ orderNo: req.orderNo, status: 'paid', amountFen: 12345, providerTradeNo: notify.verified!.providerTradeNo });
  });

  it('refuses a forged notify: changed bytes, another key, an unknown serial, an old timestamp', async () => {
    const req = sb.order(500);
    const opened = await startAndOpen(req);
    await submitForm(opened.forms.pay!.action);
    const genuine = (await sb.gateway.sendNotify(req.orderNo)).request;
    expect((await sb.provider.verifyNotify(genuine)).verified).not.toBeNull();

    const tampered = await sb.provider.verifyNotify({ ...genuine, rawBody: genuine.rawBody.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') });
    expect(tampered.verified).toBeNull();
    expect(tampered.error).toBe('bad Wechatpay-Signature');
    expect(tampered.reply.status).toBe(400);
    expect(JSON.parse(tampered.reply.body)).toMatchObject({ code: 'FAIL' });

    const intruder = generateRsaKeyPair();
    const ts = String(Math.floor(Date.now() / 1000));
    const forgedHeaders = signAnswer({ key: intruder.privateKeyPem, serialNo: sb.config.platformSerialNo, body: genuine.rawBody, nonce: 'n0nce', timestamp: ts });
    const forged = await sb.provider.verifyNotify({ headers: lower(forgedHeaders), rawBody: genuine.rawBody });
    expect(forged).toMatchObject({ verified: null, error: 'bad Wechatpay-Signature' });

    const unknownSerial = await sb.provider.verifyNotify({ headers: { ...genuine.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000' }, rawBody: genuine.rawBody });
    expect(unknownSerial.error).toBe('unknown Wechatpay-Serial PUB_KEY_ID_0000');
    const stale = await sb.provider.verifyNotify({ headers: { ...genuine.headers, 'wechatpay-timestamp': String(Number(ts) - 3600) }, rawBody: genuine.rawBody });
    expect(stale.verified).toBeNull();
    const noHeaders = await sb.provider.verifyNotify({ headers: {}, rawBody: 'not json' });
    expect(noHeaders).toMatchObject({ verified: null, error: 'missing Wechatpay signature headers' });

    // A forged notify posted to the endpoint gets the failure reply over HTTP too.
    const res = await fetch(`${sb.server.origin}/notify/wechat`, { method: 'POST', headers: { ...forgedHeaders, 'Content-Type': 'application/json' }, body: genuine.rawBody });
    expect(res.status).toBe(400);
  });

  it('shows a wrong amount in the verified notify, so the service can refuse it', async () => {
    const req = sb.order(8800);
    const opened = await startAndOpen(req);
    await submitForm(opened.forms.pay!.action);
    const wrong = await sb.gateway.sendNotify(req.orderNo, { amountFen: 1 });
    expect(wrong.status).toBe(204);
    const result = sb.server.notifies.at(-1)!;
    expect(result.verified).toMatchObject({ orderNo: req.orderNo, amountFen: 1, outcome: 'paid' });
    expect(result.verified!.amountFen).not.toBe(req.amountFen);
  });

  it('fails: the Fail button sends no notify (as WeChat Pay) and the query answers failed', async () => {
    const req = sb.order(300);
    const opened = await startAndOpen(req, 'zh-CN');
    expect(opened.html).toContain('支付失败');
    const before = sb.server.notifies.length;
    const failed = await submitForm(opened.forms.fail!.action, {}, 'zh-CN');
    expect(failed.html).toContain('data-message="failed"');
    expect(sb.server.notifies.length).toBe(before);
    expect(await sb.provider.query(req.orderNo)).toEqual({ orderNo: req.orderNo, status: 'failed', amountFen: 300 });
  });

  it('recovers a lost notify by the order query', async () => {
    const req = sb.order(4200);
    const opened = await startAndOpen(req);
    expect(await sb.provider.query(req.orderNo)).toMatchObject({ status: 'pending', amountFen: 4200 });
    sb.gateway.notifyMode = 'drop';
    try {
      const before = sb.server.notifies.length;
      const paid = await submitForm(opened.forms.pay!.action);
      expect(paid.html).toContain('data-message="notifyNotDelivered"');
      expect(sb.server.notifies.length).toBe(before);
    } finally {
      sb.gateway.notifyMode = 'send';
    }
    const q = await sb.provider.query(req.orderNo);
    expect(q).toMatchObject({ orderNo: req.orderNo, status: 'paid', amountFen: 4200 });
    expect(q.providerTradeNo).toMatch(/^42\d{26}$/);
    expect(await sb.provider.query('PO-never-made')).toEqual({ orderNo: 'PO-never-made', status: 'notFound' });
  });

  it('closes an unpaid order (its page then refuses to pay) and refuses to close a paid one', async () => {
    const req = sb.order(700);
    const opened = await startAndOpen(req);
    await sb.provider.close(req.orderNo);
    expect(await sb.provider.query(req.orderNo)).toMatchObject({ status: 'closed' });
    expect((await submitForm(opened.forms.pay!.action)).status).toBe(409);
    expect((await (await fetch(opened.codeUrl)).text())).toContain('data-message="closed"');

    const paidReq = sb.order(900);
    const paidPage = await startAndOpen(paidReq);
    await submitForm(paidPage.forms.pay!.action);
    const err = await sb.provider.close(paidReq.orderNo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ code: 'alreadyPaid', providerCode: 'ORDERPAID' });
  });

  it('refunds a paid order (a retry is the same refund) and refuses to refund an unpaid one', async () => {
    const req = sb.order(2500);
    const opened = await startAndOpen(req);
    const unpaid = await sb.provider.refund(req.orderNo, 2500, 'customer asked').catch((e: unknown) => e);
    expect(unpaid).toMatchObject({ code: 'notPaid' });
    await submitForm(opened.forms.pay!.action);
    expect(await sb.provider.refund(req.orderNo, 2500, 'notify after cancel')).toEqual({ refundNo: `${req.orderNo}R` });
    expect(await sb.provider.refund(req.orderNo, 2500, 'notify after cancel')).toEqual({ refundNo: `${req.orderNo}R` });
    expect(sb.gateway.trades.get(req.orderNo)).toMatchObject({ state: 'REFUND', refunded: 2500 });
    expect(await sb.provider.query(req.orderNo)).toMatchObject({ status: 'paid' });
    expect(sb.server.exchanges.filter((e) => e.orderNo === req.orderNo && e.kind === 'refund').length).toBe(4);
  });

  it('is refused by the sandbox when signed with another merchant key, and refuses answers signed with another platform key', async () => {
    const strangerKey = generateRsaKeyPair().privateKeyPem;
    const stranger = new WechatPayProvider({ ...sb.config, merchantPrivateKeyPem: strangerKey }, sb.server.context);
    await expect(stranger.start(sb.order())).rejects.toMatchObject({ code: 'rejected', providerCode: 'SIGN_ERROR' });
    const wrongPlatform = new WechatPayProvider({ ...sb.config, platformPublicKeyPem: generateRsaKeyPair().publicKeyPem }, sb.server.context);
    await expect(wrongPlatform.start(sb.order())).rejects.toMatchObject({ code: 'unverified' });
  });
});

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
