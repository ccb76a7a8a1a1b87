import { describe, expect, it } from 'vitest';
import { createUnionpayProvider } from '../../server/payments/unionpay.ts';
import { unionpaySandbox } from '../../server/payments/sandbox/unionpay.ts';
import { issueCertificate } from '../../server/payments/crypto/sandbox-pki.ts';
import { signUnionpay, UNIONPAY_SIGNER_NAME } from '../../server/payments/unionpay-sign.ts';
import type { PayRequest } from '../../server/payments/provider.ts';
import { PaymentProviderError } from '../../server/payments/provider-error.ts';
import { formActions, submitForm, useSandboxServer } from '../support/payment-sandbox-server.ts';

/**
 * UnionPay online gateway (5.1.0) adapter against its sandbox over real HTTP: the certificate-signed
 * front form, the pay page, the back notify and the browser's front notify signed by a certificate
 * chained to the configured root, query, close and refund.
 */
describe('UnionPay gateway adapter against its sandbox', () => {
  const sb = useSandboxServer('unionpay', unionpaySandbox, createUnionpayProvider);

  /** Starts an order and posts its form as the browser does: the sandbox's pay page. */
  async function startAndOpen(req: PayRequest, lang = 'en-US') {
    const start = await sb.provider.start(req);
    if (start.kind !== 'form') throw new Error(`expected a form start, got ${start.kind}`);
    const page = await submitForm(start.action, start.fields, lang);
    return { start, ...page, forms: formActions(page.html) };
  }

  it('pays: the signed form opens the pay page, Pay sends a back notify that verifies, the front notify verifies too', async () => {
    const req = sb.order();
    const opened = await startAndOpen(req);
    expect(opened.start).toMatchObject({ action: `${sb.server.origin}/sandbox/unionpay/gateway/api/frontTransReq.do` });
    const fields = (opened.start as { fields: Record<string, string> }).fields;
    expect(fields).toMatchObject({ version: '5.1.0', signMethod: '01', txnType: '01', txnAmt: '12345', currencyCode: '156', merId: sb.config.merId, orderId: req.orderNo });
    expect(fields.certId).toMatch(/^\d+$/);
    expect(fields.txnTime).toMatch(/^\d{14}$/);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('¥123.45');
    expect(Object.keys(opened.forms)).toEqual(['pay', 'fail']);
    const zh = await startAndOpen(req, 'zh-CN');
    expect(zh.html).toContain('银联在线支付');
    expect(zh.html).toContain('>支付<');

    const before = sb.server.notifies.length;
    const paid = await submitForm(opened.forms.pay!.action);
    expect(paid.html).toContain('data-message="notifyDelivered"');
    expect(sb.server.notifies.length).toBe(before + 1);
    const notify = sb.server.notifies.at(-1)!;
    expect(notify.error).toBeUndefined();
    expect(notify.reply).toEqual({ status: 200, contentType: 'text/plain', body: 'ok' });
    expect(notify.verified).toMatchObject({ orderNo: req.orderNo, amountFen: 12345, outcome: 'paid', fields: { merId: sb.config.merId, respCode: '00', txnTime: fields.txnTime } });
    expect(notify.verified!.providerTradeNo).toMatch(/^\d{21}$/);

    // Back to the merchant: the browser posts the signed front notify to frontUrl (here the notify endpoint).
    const back = formActions(paid.html).back!;
    expect(back.action).toBe(req.returnUrl);
    const front = await submitForm(back.action, back.fields);
    expect(front.status).toBe(200);
    expect(sb.server.notifies.at(-1)!.verified).toEqual(notify.verified);

    // The same notify again verifies identically.
    const again = await sb.gateway.sendNotify(req.orderNo);
    expect(again.status).toBe(200);
    expect(sb.server.notifies.at(-1)!.verified).toEqual(notify.verified);
    expect((await sb.provider.verifyNotify(again.request)).verified).toEqual(notify.verified);

    expect(await sb.provider.query(req.orderNo)).toEqual({ orderNo: req.orderNo, status: 'paid', amountFen: 12345, providerTradeNo: notify.verified!.providerTradeNo });
    const logged = sb.server.exchanges.filter((e) => e.orderNo === req.orderNo).map((e) => `${e.direction}:${e.kind}`);
    expect(logged.slice(0, 2)).toEqual(['out:pay', 'out:pay']);
    expect(logged.slice(-2)).toEqual(['out:query', 'in:query']);
  });

  it('refuses forged notifies: changed fields, a certificate outside the chain, a certificate not naming UnionPay', async () => {
    const req = sb.order(500);
    const opened = await startAndOpen(req);
    await submitForm(opened.forms.pay!.action);
    const genuine = (await sb.gateway.sendNotify(req.orderNo)).request;
    expect((await sb.provider.verifyNotify(genuine)).verified).not.toBeNull();

    const tampered = await sb.provider.verifyNotify({ ...genuine, rawBody: genuine.rawBody.replace('txnAmt=500', 'txnAmt=5') });
    expect(tampered).toMatchObject({ verified: null, error: 'bad signature', reply: { status: 400, body: 'fail' } });

    const fields = Object.fromEntries(new URLSearchParams(genuine.rawBody));
    const resign = (cert: { certPem: string; privateKeyPem: string }) => {
      const f: Record<string, string> = { ...fields, signPubKeyCert: cert.certPem };
      delete f.signature;
      return new URLSearchParams({ ...f, signature: signUnionpay(f, cert.privateKeyPem) }).toString();
    };
    const outsider = issueCertificate({ commonName: `CFCA@Forger@${UNIONPAY_SIGNER_NAME}@00000009` });
    expect(await sb.provider.verifyNotify({ headers: {}, rawBody: resign(outsider) })).toMatchObject({ verified: null, error: 'signPubKeyCert not issued by the configured UnionPay chain' });
    const missing = await sb.provider.verifyNotify({ headers: {}, rawBody: genuine.rawBody.replace(/&signature=[^&]*/, '') });
    expect(missing).toMatchObject({ verified: null, error: 'bad signature' });
    const noCert = await sb.provider.verifyNotify({ headers: {}, rawBody: genuine.rawBody.replace(/&?signPubKeyCert=[^&]*/, '') });
    expect(noCert).toMatchObject({ verified: null, error: 'signPubKeyCert missing or not a certificate' });
    expect(await sb.provider.verifyNotify({ headers: {}, rawBody: 'not=a&notify' })).toMatchObject({ verified: null });

    // A forged notify over HTTP gets the failure answer (UnionPay would retry).
    const res = await fetch(`${sb.server.origin}/notify/unionpay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: resign(outsider) });
    expect(res.status).toBe(400);
  });

  it('refuses a certificate of the chain that does not name UnionPay, and trusts a configured signing certificate instead of the chain', async () => {
    const req = sb.order(600);
    const opened = await startAndOpen(req);
    await submitForm(opened.forms.pay!.action);
    const genuine = (await sb.gateway.sendNotify(req.orderNo)).request;
    const signerCert = Object.fromEntries(new URLSearchParams(genuine.rawBody)).signPubKeyCert!;

    // The merchant's own certificate is chained too, but names the merchant: not a UnionPay signature.
    const fields = Object.fromEntries(new URLSearchParams(genuine.rawBody));
    const f: Record<string, string> = { ...fields, signPubKeyCert: sb.config.signCertPem };
    delete f.signature;
    const byMerchant = new URLSearchParams({ ...f, signature: signUnionpay(f, sb.config.signKeyPem) }).toString();
    expect((await sb.provider.verifyNotify({ headers: {}, rawBody: byMerchant })).error).toBe('signPubKeyCert names Portico sandbox merchant, not UnionPay');

    const pinned = createUnionpayProvider({ ...sb.config, rootCertPem: undefined, middleCertPem: undefined, verifyCertPem: signerCert }, sb.server.context);
    expect((await pinned.verifyNotify(genuine)).verified).toMatchObject({ orderNo: req.orderNo, outcome: 'paid' });
    const pinnedElse = createUnionpayProvider({ ...sb.config, verifyCertPem: sb.config.signCertPem }, sb.server.context);
    expect((await pinnedElse.verifyNotify(genuine)).error).toBe('bad signature');
  });

  it('shows a wrong amount in the verified notify, so the service can refuse it', async () => {
    const req = sb.order(8800);
    const opened = await startAndOpen(req);
    await submitForm(opened.forms.pay!.action);
    await sb.gateway.sendNotify(req.orderNo, { amountFen: 1 });
    const result = sb.server.notifies.at(-1)!;
    expect(result.verified).toMatchObject({ orderNo: req.orderNo, amountFen: 1, outcome: 'paid' });
  });

  it('fails: no back notify, the front notify says failed and so does the query', async () => {
    const req = sb.order(300);
    const opened = await startAndOpen(req, 'zh-CN');
    const before = sb.server.notifies.length;
    const failed = await submitForm(opened.forms.fail!.action, {}, 'zh-CN');
    expect(failed.html).toContain('data-message="failed"');
    expect(failed.html).toContain('返回商户');
    expect(sb.server.notifies.length).toBe(before);
    const back = formActions(failed.html).back!;
    expect(back.fields.respCode).toBe('01');
    const front = await sb.provider.verifyNotify({ headers: {}, rawBody: new URLSearchParams(back.fields).toString() });
    expect(front.verified).toMatchObject({ orderNo: req.orderNo, amountFen: 300, outcome: 'failed' });
    expect(await sb.provider.query(req.orderNo)).toMatchObject({ orderNo: req.orderNo, status: 'failed', amountFen: 300 });
  });

  it('recovers a lost notify by the order query, given the order reference after a restart', async () => {
    const req = sb.order(4200);
    const opened = await startAndOpen(req);
    expect(await sb.provider.query(req.orderNo)).toEqual({ orderNo: req.orderNo, status: 'notFound' });
    sb.gateway.notifyMode = 'drop';
    try {
      const before = sb.server.notifies.length;
      expect((await submitForm(opened.forms.pay!.action)).html).toContain('data-message="notifyNotDelivered"');
      expect(sb.server.notifies.length).toBe(before);
    } finally {
      sb.gateway.notifyMode = 'send';
    }
    // A new adapter (a restarted server) knows the order only from the reference the service keeps.
    const restarted = createUnionpayProvider(sb.config, sb.server.context);
    await expect(restarted.query(req.orderNo)).rejects.toMatchObject({ code: 'rejected' });
    const ref = { expiresAt: req.expiresAt, notifyUrl: req.notifyUrl };
    expect(await restarted.query(req.orderNo, ref)).toMatchObject({ orderNo: req.orderNo, status: 'paid', amountFen: 4200 });
  });

  it('closes: an unpaid order is left to its payTimeout (its page refuses after it), a paid one is refused', async () => {
    const req = sb.order(700);
    await startAndOpen(req);
    await sb.provider.close(req.orderNo);
    expect(sb.server.exchanges.filter((e) => e.orderNo === req.orderNo && e.kind === 'close').length).toBe(1);

    const expired = await startAndOpen(sb.order(700, -60_000));
    expect(expired.html).toContain('data-message="closed"');
    expect(expired.forms.pay).toBeUndefined();

    const paidReq = sb.order(900);
    const paidPage = await startAndOpen(paidReq);
    await submitForm(paidPage.forms.pay!.action);
    const err = await sb.provider.close(paidReq.orderNo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ code: 'alreadyPaid' });
  });

  it('refunds a paid order (a retry is the same refund, its signed notify is acknowledged) and refuses an unpaid one', async () => {
    const req = sb.order(2500);
    const opened = await startAndOpen(req);
    await expect(sb.provider.refund(req.orderNo, 2500, 'customer asked')).rejects.toMatchObject({ code: 'notPaid' });
    await submitForm(opened.forms.pay!.action);
    const before = sb.server.notifies.length;
    expect(await sb.provider.refund(req.orderNo, 2500, 'notify after cancel')).toEqual({ refundNo: `${req.orderNo}R` });
    expect(await sb.provider.refund(req.orderNo, 2500, 'notify after cancel')).toEqual({ refundNo: `${req.orderNo}R` });
    expect(sb.gateway.refunds.get(`${req.orderNo}R`)).toMatchObject({ txnAmt: 2500 });
    await expect.poll(() => sb.server.notifies.length).toBe(before + 1);
    expect(sb.server.notifies.at(-1)).toMatchObject({ verified: null, error: 'not a payment notify (txnType 04)', reply: { status: 200, body: 'ok' } });
  });

  it('is refused by the gateway when signed with a key that is not the merchant certificate', async () => {
    const other = issueCertificate({ commonName: 'someone else' });
    const stranger = createUnionpayProvider({ ...sb.config, signKeyPem: other.privateKeyPem }, sb.server.context);
    const req = sb.order();
    await stranger.start(req);
    await expect(stranger.query(req.orderNo)).rejects.toMatchObject({ code: 'rejected', providerCode: '11' });
  });
});
