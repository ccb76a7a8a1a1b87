import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWechatProvider, WechatPayProvider, type WechatPayConfig } from '../../server/payments/wechat.ts';
import { wechatSandbox, type WechatSandbox } from '../../server/payments/sandbox/wechat.ts';
import { generateRsaKeyPair } from '../../server/payments/crypto/sandbox-pki.ts';
import { signAnswer } from '../../server/payments/wechat-sign.ts';
import type { PaymentProvider, PayRequest } from '../../server/payments/provider.ts';
import { PaymentProviderError } from '../../server/payments/provider-error.ts';
import { formActions, SandboxServer, submitForm } from '../support/payment-sandbox-server.ts';

/**
 * WeChat Pay Native (API v3) adapter against its sandbox over real HTTP: signed requests and
 * answers, the QR code's pay page, the signed and encrypted notify, query, close and refund.
 */
describe('WeChat Pay Native adapter against its sandbox', () => {
  let server: SandboxServer;
  let sandbox: WechatSandbox;
  let config: WechatPayConfig;
  let wechat: PaymentProvider;

  beforeAll(async () => {
    ({ server, gateway: sandbox, provider: wechat } = await SandboxServer.start('wechat', wechatSandbox, createWechatProvider));
    config = sandbox.config;
  });
  afterAll(() => server.close());

  const order = (amountFen?: number, expiresInMs?: number) => server.payRequest(amountFen, expiresInMs);

  /** Starts an order and opens the page its QR code leads to. */
  async function startAndOpen(req: PayRequest, lang = 'en-US') {
    const start = await wechat.start(req);
    if (start.kind !== 'qr') throw new Error(`expected a QR start, got ${start.kind}`);
    const page = await fetch(start.codeUrl, { headers: { 'Accept-Language': lang } });
    const html = await page.text();
    return { codeUrl: start.codeUrl, status: page.status, html, forms: formActions(html) };
  }

  it('pays: the QR leads to the pay page, Pay sends a signed encrypted notify that verifies', async () => {
    const req = order();
    const opened = await startAndOpen(req);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('¥123.45');
    expect(opened.html).toContain(req.orderNo);
    expect(Object.keys(opened.forms)).toEqual(['pay', 'fail']);
    const zh = await fetch(`${opened.codeUrl}?lang=zh-CN`);
    expect(await zh.text()).toContain('>支付<');

    const before = server.notifies.length;
    const paid = await submitForm(opened.forms.pay!.action);
    expect(paid.html).toContain('data-message="notifyDelivered"');
    expect(server.notifies.length).toBe(before + 1);
    const notify = server.notifies.at(-1)!;
    expect(notify.error).toBeUndefined();
    expect(notify.reply.status).toBe(204);
    expect(notify.verified).toMatchObject({ orderNo: req.orderNo, amountFen: 12345, outcome: 'paid', fields: { mchid: config.mchId, appid: config.appId, trade_state: 'SUCCESS', currency: 'CNY' } });
    expect(notify.verified!.providerTradeNo).toMatch(/^42\d{26}$/);

    // Every exchange is logged with its order: the signed request and its answer (the service logs notifies).
    const logged = server.exchanges.filter((e) => e.orderNo === req.orderNo).map((e) => `${e.direction}:${e.kind}:${e.ok}`);
    expect(logged).toEqual(['out:pay:true', 'in:pay:true']);

    // The same notify again (WeChat Pay retries) verifies identically; so does the same bytes replayed.
    const again = await sandbox.sendNotify(req.orderNo);
    expect(again.status).toBe(204);
    expect(server.notifies.at(-1)!.verified).toEqual(notify.verified);
    const replay = await wechat.verifyNotify(again.request);
    expect(replay.verified).toEqual(notify.verified);

    // The page is spent: paying twice is refused.
    expect((await submitForm(opened.forms.pay!.action)).status).toBe(409);
    expect(await wechat.query(req.orderNo)).toEqual({ orderNo: req.orderNo, status: 'paid', amountFen: 12345, providerTradeNo: notify.verified!.providerTradeNo });
  });

  it('refuses a forged notify: changed bytes, another key, an unknown serial, an old timestamp', async () => {
    const req = order(500);
    const opened = await startAndOpen(req);
    await submitForm(opened.forms.pay!.action);
    const genuine = (await sandbox.sendNotify(req.orderNo)).request;
    expect((await wechat.verifyNotify(genuine)).verified).not.toBeNull();

    const tampered = await wechat.verifyNotify({ ...genuine, rawBody: genuine.rawBody.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') });
    expect(tampered.verified).toBeNull();
    expect(tampered.error).toBe('bad Wechatpay-Signature');
    expect(tampered.reply.status).toBe(400);
    expect(JSON.parse(tampered.reply.body)).toMatchObject({ code: 'FAIL' });

    const intruder = generateRsaKeyPair();
    const ts = String(Math.floor(Date.now() / 1000));
    const forgedHeaders = signAnswer({ key: intruder.privateKeyPem, serialNo: config.platformSerialNo, body: genuine.rawBody, nonce: 'n0nce', timestamp: ts });
    const forged = await wechat.verifyNotify({ headers: lower(forgedHeaders), rawBody: genuine.rawBody });
    expect(forged).toMatchObject({ verified: null, error: 'bad Wechatpay-Signature' });

    const unknownSerial = await wechat.verifyNotify({ headers: { ...genuine.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000' }, rawBody: genuine.rawBody });
    expect(unknownSerial.error).toBe('unknown Wechatpay-Serial PUB_KEY_ID_0000');
    const stale = await wechat.verifyNotify({ headers: { ...genuine.headers, 'wechatpay-timestamp': String(Number(ts) - 3600) }, rawBody: genuine.rawBody });
    expect(stale.verified).toBeNull();
    const noHeaders = await wechat.verifyNotify({ headers: {}, rawBody: 'not json' });
    expect(noHeaders).toMatchObject({ verified: null, error: 'missing Wechatpay signature headers' });

    // A forged notify posted to the endpoint gets the failure reply over HTTP too.
    const res = await fetch(`${server.origin}/notify/wechat`, { method: 'POST', headers: { ...forgedHeaders, 'Content-Type': 'application/json' }, body: genuine.rawBody });
    expect(res.status).toBe(400);
  });

  it('shows a wrong amount in the verified notify, so the service can refuse it', async () => {
    const req = order(8800);
    const opened = await startAndOpen(req);
    await submitForm(opened.forms.pay!.action);
    const wrong = await sandbox.sendNotify(req.orderNo, { amountFen: 1 });
    expect(wrong.status).toBe(204);
    const result = server.notifies.at(-1)!;
    expect(result.verified).toMatchObject({ orderNo: req.orderNo, amountFen: 1, outcome: 'paid' });
    expect(result.verified!.amountFen).not.toBe(req.amountFen);
  });

  it('fails: the Fail button sends no notify (as WeChat Pay) and the query answers failed', async () => {
    const req = order(300);
    const opened = await startAndOpen(req, 'zh-CN');
    expect(opened.html).toContain('支付失败');
    const before = server.notifies.length;
    const failed = await submitForm(opened.forms.fail!.action, {}, 'zh-CN');
    expect(failed.html).toContain('data-message="failed"');
    expect(server.notifies.length).toBe(before);
    expect(await wechat.query(req.orderNo)).toEqual({ orderNo: req.orderNo, status: 'failed', amountFen: 300 });
  });

  it('recovers a lost notify by the order query', async () => {
    const req = order(4200);
    const opened = await startAndOpen(req);
    expect(await wechat.query(req.orderNo)).toMatchObject({ status: 'pending', amountFen: 4200 });
    sandbox.notifyMode = 'drop';
    try {
      const before = server.notifies.length;
      const paid = await submitForm(opened.forms.pay!.action);
      expect(paid.html).toContain('data-message="notifyNotDelivered"');
      expect(server.notifies.length).toBe(before);
    } finally {
      sandbox.notifyMode = 'send';
    }
    const q = await wechat.query(req.orderNo);
    expect(q).toMatchObject({ orderNo: req.orderNo, status: 'paid', amountFen: 4200 });
    expect(q.providerTradeNo).toMatch(/^42\d{26}$/);
    expect(await wechat.query('PO-never-made')).toEqual({ orderNo: 'PO-never-made', status: 'notFound' });
  });

  it('closes an unpaid order (its page then refuses to pay) and refuses to close a paid one', async () => {
    const req = order(700);
    const opened = await startAndOpen(req);
    await wechat.close(req.orderNo);
    expect(await wechat.query(req.orderNo)).toMatchObject({ status: 'closed' });
    expect((await submitForm(opened.forms.pay!.action)).status).toBe(409);
    expect((await (await fetch(opened.codeUrl)).text())).toContain('data-message="closed"');

    const paidReq = order(900);
    const paidPage = await startAndOpen(paidReq);
    await submitForm(paidPage.forms.pay!.action);
    const err = await wechat.close(paidReq.orderNo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ code: 'alreadyPaid', providerCode: 'ORDERPAID' });
  });

  it('refunds a paid order (a retry is the same refund) and refuses to refund an unpaid one', async () => {
    const req = order(2500);
    const opened = await startAndOpen(req);
    const unpaid = await wechat.refund(req.orderNo, 2500, 'customer asked').catch((e: unknown) => e);
    expect(unpaid).toMatchObject({ code: 'notPaid' });
    await submitForm(opened.forms.pay!.action);
    expect(await wechat.refund(req.orderNo, 2500, 'notify after cancel')).toEqual({ refundNo: `${req.orderNo}R` });
    expect(await wechat.refund(req.orderNo, 2500, 'notify after cancel')).toEqual({ refundNo: `${req.orderNo}R` });
    expect(sandbox.trades.get(req.orderNo)).toMatchObject({ state: 'REFUND', refunded: 2500 });
    expect(await wechat.query(req.orderNo)).toMatchObject({ status: 'paid' });
    expect(server.exchanges.filter((e) => e.orderNo === req.orderNo && e.kind === 'refund').length).toBe(4);
  });

  it('is refused by the sandbox when signed with another merchant key, and refuses answers signed with another platform key', async () => {
    const strangerKey = generateRsaKeyPair().privateKeyPem;
    const stranger = new WechatPayProvider({ ...config, merchantPrivateKeyPem: strangerKey }, server.context);
    await expect(stranger.start(order())).rejects.toMatchObject({ code: 'rejected', providerCode: 'SIGN_ERROR' });
    const wrongPlatform = new WechatPayProvider({ ...config, platformPublicKeyPem: generateRsaKeyPair().publicKeyPem }, server.context);
    await expect(wrongPlatform.start(order())).rejects.toMatchObject({ code: 'unverified' });
  });
});

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
