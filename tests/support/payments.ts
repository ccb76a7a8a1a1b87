import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'vitest';
import type { AlipaySandbox } from '../../server/payments/sandbox/alipay.ts';
import type { ApiHarness } from './api-harness.ts';

/** Drives the payment routes and the Alipay sandbox of an API harness, as the payer's browser and Alipay would. */
export function paymentDriver(h: ApiHarness, tokens: { staff: string; payer: string }) {
  const sandbox = h.app.payments.sandboxes.get('alipay') as AlipaySandbox;
  const base = 'http://localhost:8080';
  return {
    sandbox,
    /** Staff issue a CNY invoice to the applicant company; answers its id and balance (fen). */
    async invoice(preTaxAmount = 10000): Promise<{ id: string; balance: number }> {
      const doc = { payer: { companyId: 'c-applicant' }, currency: 'CNY', preTaxAmount, taxRate: 600, issuedDate: '2026-11-01', payee: '通标标准技术服务有限公司' };
      const res = await h.call({ method: 'POST', url: '/api/entities/invoice', payload: { doc }, token: tokens.staff });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.data.id, balance: Number(res.body.data.doc.invoiceBalance) };
    },
    submit(invoiceIds: string[], payType: string | undefined = 'alipay', lang = 'en-US') {
      return h.call({ method: 'POST', url: '/api/payments/orders', payload: { invoiceIds, ...(payType ? { payType } : {}) }, token: tokens.payer, lang });
    },
    /** Opens the provider's pay page the answer points at (the sandbox then knows the trade); answers the trade number. */
    async openPayPage(start: { kind: string; url: string }): Promise<string> {
      expect(start.kind).toBe('redirect');
      expect(start.url.startsWith(`${base}/sandbox/alipay/gateway.do?`)).toBe(true);
      const page = await h.app.inject({ method: 'GET', url: start.url.slice(base.length), headers: { 'accept-language': 'en-US' } });
      expect(page.statusCode, page.body).toBe(200);
      const biz = JSON.parse(new URL(start.url).searchParams.get('biz_content')!) as { out_trade_no: string };
      return biz.out_trade_no;
    },
    /** The payer presses Pay or Fail on the sandbox's page; answers where the browser is sent. */
    async press(tradeNo: string, action: 'pay' | 'fail'): Promise<string> {
      const res = await h.app.inject({ method: 'POST', url: '/sandbox/alipay/pay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `out_trade_no=${tradeNo}&action=${action}` });
      expect(res.statusCode, res.body).toBe(303);
      return String(res.headers.location);
    },
    async notify(body: string): Promise<string> {
      const res = await h.app.inject({ method: 'POST', url: '/api/payments/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: body });
      expect(res.statusCode).toBe(200);
      return res.body;
    },
    async order(id: string, token = tokens.payer) {
      const res = await h.call({ method: 'GET', url: `/api/entities/paymentOrder/${id}`, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: string; version: number; states: { $status: string }; doc: Record<string, unknown> };
    },
    async invoiceState(id: string) {
      const res = await h.call({ method: 'GET', url: `/api/entities/invoice/${id}`, token: tokens.staff });
      return res.body.data as { states: { $status: string }; doc: Record<string, unknown>; version: number };
    },
    async exchanges(id: string) {
      const res = await h.call({ method: 'GET', url: `/api/payments/orders/${id}/exchanges`, token: tokens.payer });
      expect(res.status).toBe(200);
      return res.body.data as { trades: { tradeNo: string; status: string }[]; exchanges: { tradeNo: string; direction: string; kind: string; ok: boolean; note: string | null }[] };
    },
    send(id: string, version: number, type: string, payload: Record<string, unknown> = {}, token = tokens.payer) {
      return h.call({ method: 'POST', url: `/api/entities/paymentOrder/${id}/events`, payload: { type, version, payload }, token, lang: 'en-US' });
    },
    /** A key that is not Alipay's: what a forger signs with. */
    forgerKey: () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  };
}
