import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareKey } from '../../server/payments/rsa2.ts';
import { SANDBOX_TEXTS } from '../../server/payments/sandbox/texts.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { paymentDriver } from '../support/payments.ts';

const BASE = 'http://localhost:8080';

/** Alipay configured with keys of its own (a gateway nobody answers: starting a page pay only signs a URL). */
function realAlipayEnv(): Record<string, string> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_SELLER_ID: '2088000000000001',
    ALIPAY_PRIVATE_KEY: bareKey(merchant.privateKey),
    ALIPAY_PUBLIC_KEY: bareKey(alipay.publicKey),
    ALIPAY_GATEWAY: 'https://openapi.alipay.invalid/gateway.do',
  };
}

/**
 * Issue 52 (4a): the payment sandbox is an explicit choice. In the local demo (no configuration,
 * a loopback PUBLIC_URL) its pages carry a SANDBOX banner in the portal's language and its orders
 * say `sandbox: true`; once a provider has real keys the others are not offered, unless
 * PAYMENTS_SANDBOX=1 asks for the sandboxes beside it.
 */
describe.each(BACKENDS)('payment sandbox policy on %s', (backend) => {
  describe('the local demo', () => {
    let h: ApiHarness;
    let p: ReturnType<typeof paymentDriver>;
    beforeAll(async () => {
      h = await ApiHarness.start(backend);
      p = paymentDriver(h, { staff: await h.login('staff'), payer: await h.login('applicant') });
    });
    afterAll(() => h.close());

    it("an Alipay order says sandbox; its page opens in the portal's language (not the browser's) under a SANDBOX banner", async () => {
      const invoice = await p.invoice();
      const made = await p.submit([invoice.id], 'alipay', 'zh-CN');
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.data.sandbox).toBe(true);
      const url = new URL(made.body.data.start.url);
      expect(url.searchParams.get('lang')).toBe('zh-CN');
      const page = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { 'accept-language': 'en-US' } });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('<html lang="zh-CN">');
      expect(page.body).toMatch(/<div role="alert" data-sandbox-banner[^>]*>沙箱 SANDBOX/);
      expect(page.body).toContain(SANDBOX_TEXTS.pay['zh-CN']);
      // The language switch keeps the signed request: the page in English, the same trade.
      const other = /<a href="([^"]*lang=en-US[^"]*)">English<\/a>/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
      expect(other).toBeDefined();
      const english = await h.app.inject({ method: 'GET', url: other! });
      expect(english.statusCode, english.body).toBe(200);
      expect(english.body).toContain(SANDBOX_TEXTS.banner['en-US']);
      expect(english.body).toContain(SANDBOX_TEXTS.pay['en-US']);

      const order = made.body.data.order as { id: string };
      const outcome = await h.call({ method: 'GET', url: `/api/payments/orders/${order.id}/outcome`, token: await h.login('applicant') });
      expect([outcome.status, outcome.body.data.sandbox, outcome.body.data.id]).toEqual([200, true, order.id]);
      const exchanges = await h.call({ method: 'GET', url: `/api/payments/orders/${order.id}/exchanges`, token: await h.login('applicant') });
      expect([exchanges.status, exchanges.body.data.sandbox]).toEqual([200, true]);
    });

    it('the WeChat Pay and UnionPay sandbox pages carry the banner too, in the language asked', async () => {
      const wechat = await p.submit([(await p.invoice(20000)).id], 'wechat', 'en-US');
      expect([wechat.status, wechat.body.data.sandbox]).toEqual([201, true]);
      const codeUrl = String(wechat.body.data.start.codeUrl);
      expect(codeUrl).toMatch(/\?lang=en-US$/);
      const qrPage = await h.app.inject({ method: 'GET', url: codeUrl.slice(BASE.length), headers: { 'accept-language': 'zh-CN' } });
      expect(qrPage.statusCode, qrPage.body).toBe(200);
      expect(qrPage.body).toContain(SANDBOX_TEXTS.banner['en-US']);

      const unionpay = await p.submit([(await p.invoice(30000)).id], 'unionpay', 'zh-CN');
      expect([unionpay.status, unionpay.body.data.sandbox]).toEqual([201, true]);
      const { action, fields } = unionpay.body.data.start as { action: string; fields: Record<string, string> };
      const form = await h.app.inject({ method: 'POST', url: action.slice(BASE.length), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
      expect(form.statusCode, form.body).toBe(200);
      expect(form.body).toContain(SANDBOX_TEXTS.banner['zh-CN']);
    });
  });

  describe('Alipay with real keys', () => {
    let h: ApiHarness;
    const env = realAlipayEnv();
    beforeAll(async () => {
      h = await ApiHarness.start(backend, [], { paymentsEnv: env });
    });
    afterAll(() => h.close());

    it('offers only Alipay, at its real gateway: no sandbox for the providers without keys', async () => {
      const p = paymentDriver(h, { staff: await h.login('staff'), payer: await h.login('applicant') });
      expect((await h.call({ method: 'GET', url: '/api/payments/types', token: await h.login('applicant') })).body.data).toEqual(['alipay']);
      expect([...h.app.payments.sandboxes.keys()]).toEqual([]);
      const made = await p.submit([(await p.invoice()).id], 'alipay', 'zh-CN');
      expect([made.status, made.body.data.sandbox]).toEqual([201, false]);
      expect(String(made.body.data.start.url).startsWith(`${env.ALIPAY_GATEWAY}?`)).toBe(true);
      expect(new URL(made.body.data.start.url).searchParams.has('lang')).toBe(false);
      const wechat = await p.submit([(await p.invoice()).id], 'wechat', 'en-US');
      expect([wechat.status, wechat.body.errorCode]).toEqual([400, 'PAYMENT_TYPE_UNAVAILABLE']);
      expect((await h.app.inject({ method: 'GET', url: '/sandbox/alipay/gateway.do' })).statusCode).toBe(404);
    });
  });

  describe('Alipay with real keys and PAYMENTS_SANDBOX=1', () => {
    let h: ApiHarness;
    beforeAll(async () => {
      h = await ApiHarness.start(backend, [], { paymentsEnv: { ...realAlipayEnv(), PAYMENTS_SANDBOX: '1' } });
    });
    afterAll(() => h.close());

    it('offers the others through their sandboxes, Alipay at its real gateway', async () => {
      const types = await h.call({ method: 'GET', url: '/api/payments/types', token: await h.login('applicant') });
      expect(types.body.data).toEqual(['alipay', 'wechat', 'unionpay']);
      expect([...h.app.payments.sandboxes.keys()]).toEqual(['wechat', 'unionpay']);
    });
  });
});
