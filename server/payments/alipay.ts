import type { KeyObject } from 'node:crypto';
import { fenToYuan, yuanToFen } from './money.ts';
import type { NotifyRequest, NotifyResult, PaymentProvider, PayRequest, PayStart, ProviderContext, ProviderExchange, QueryResult } from './provider.ts';
import { privateKeyOf, publicKeyOf, rsa2Sign, rsa2Verify, signingString } from './rsa2.ts';

/**
 * Alipay computer-website payment (电脑网站支付) over the open platform's gateway:
 * `alipay.trade.page.pay` (the browser is sent to the gateway with a signed request),
 * the asynchronous notify (form-encoded, RSA2-signed by Alipay), and the server-to-server
 * `alipay.trade.query`, `alipay.trade.refund` and `alipay.trade.close`, whose JSON answers are
 * verified against Alipay's public key. Amounts are yuan as decimal strings on the wire.
 */
export interface AlipayConfig {
  appId: string;
  /** The merchant's PID (2088…): a notify's `seller_id` must be it. */
  sellerId: string;
  /** The application's private key (bare base64 PKCS#8, or PEM). */
  privateKey: string;
  /** Alipay's public key for this application (bare base64 SPKI, or PEM). */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do in production; the sandbox's address in dev and test. */
  gateway: string;
}

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** ALIPAY_APP_ID, ALIPAY_SELLER_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY (all four, else not configured), ALIPAY_GATEWAY. */
export function alipayConfigFromEnv(env: Record<string, string | undefined>): AlipayConfig | undefined {
  const { ALIPAY_APP_ID: appId, ALIPAY_SELLER_ID: sellerId, ALIPAY_PRIVATE_KEY: privateKey, ALIPAY_PUBLIC_KEY: alipayPublicKey } = env;
  if (!appId || !sellerId || !privateKey || !alipayPublicKey) return undefined;
  return { appId, sellerId, privateKey, alipayPublicKey, gateway: env.ALIPAY_GATEWAY || ALIPAY_GATEWAY };
}

/** Alipay's timestamps: `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving). */
export function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The raw JSON text of `node` in an answer `{"<node>":{…},"sign":"…"}`: what Alipay signed. */
export function signedNode(text: string, node: string): string | undefined {
  const key = `"${node}":`;
  const start = text.indexOf(key);
  const end = text.lastIndexOf(',"sign"');
  if (start < 0 || end < start) return undefined;
  return text.slice(start + key.length, end).trim();
}

const TRADE_STATUS: Record<string, QueryResult['status']> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

export class AlipayError extends Error {}

/** Alipay's notify answers: `success` stops its retries, anything else makes it notify again later. */
const FAILURE = { status: 200, contentType: 'text/plain', body: 'failure' };

export function createAlipayProvider(config: AlipayConfig, ctx: ProviderContext): PaymentProvider {
  const privateKey: KeyObject = privateKeyOf(config.privateKey);
  const alipayKey: KeyObject = publicKeyOf(config.alipayPublicKey);
  const log = (orderNo: string, direction: ProviderExchange['direction'], kind: ProviderExchange['kind'], body: string, ok: boolean) =>
    ctx.log({ provider: 'alipay', orderNo, direction, kind, body, ok });

  /** The common parameters of a request, its business content, and the RSA2 signature over them. */
  const signed = (method: string, biz: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> => {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaTime(new Date()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    return { ...params, sign: rsa2Sign(signingString(params), privateKey) };
  };

  /** One server-to-server call: the signed form posted to the gateway, the answer's signature checked. */
  const call = async (method: string, kind: ProviderExchange['kind'], orderNo: string, biz: Record<string, string>) => {
    const body = new URLSearchParams(signed(method, biz)).toString();
    await log(orderNo, 'out', kind, body, true);
    let text: string;
    try {
      const res = await ctx.fetch(config.gateway, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' }, body });
      text = await res.text();
    } catch (err) {
      await log(orderNo, 'in', kind, String(err), false);
      throw new AlipayError(`alipay ${method}: gateway unreachable`);
    }
    const node = `${method.replace(/\./g, '_')}_response`;
    const content = signedNode(text, node);
    let parsed: { sign?: string } & Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = {};
    }
    const verified = Boolean(content && typeof parsed.sign === 'string' && rsa2Verify(content, parsed.sign, alipayKey));
    await log(orderNo, 'in', kind, text, verified);
    if (!verified) throw new AlipayError(`alipay ${method}: the answer's signature does not verify`);
    return parsed[node] as Record<string, string>;
  };

  return {
    id: 'alipay',
    async start(req: PayRequest): Promise<PayStart> {
      const params = signed(
        'alipay.trade.page.pay',
        {
          out_trade_no: req.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: fenToYuan(req.amountFen),
          subject: req.subject,
          time_expire: chinaTime(req.expiresAt),
        },
        { notify_url: req.notifyUrl, return_url: req.returnUrl },
      );
      const url = `${config.gateway}?${new URLSearchParams(params).toString()}`;
      await log(req.orderNo, 'out', 'pay', url, true);
      return { kind: 'redirect', url };
    },

    async verifyNotify(req: NotifyRequest): Promise<NotifyResult> {
      const failure = (error: string, orderNo = ''): NotifyResult => ({ verified: null, error, orderNo, reply: FAILURE, refuse: FAILURE });
      const fields = Object.fromEntries(new URLSearchParams(req.rawBody));
      const orderNo = fields.out_trade_no ?? '';
      if (!fields.sign || !orderNo) return failure('malformed notify');
      // A notify's signature covers every field but `sign` and `sign_type`.
      if (fields.sign_type !== 'RSA2' || !rsa2Verify(signingString(fields, ['sign', 'sign_type']), fields.sign, alipayKey)) {
        return failure('signature does not verify', orderNo);
      }
      // The notify must be for this application and this merchant (Alipay's own advice: check app_id and seller_id).
      if (fields.app_id !== config.appId) return failure('app_id is not ours', orderNo);
      if (fields.seller_id !== config.sellerId) return failure('seller_id is not ours', orderNo);
      const amountFen = yuanToFen(fields.total_amount);
      const status = TRADE_STATUS[fields.trade_status ?? ''];
      if (amountFen === undefined || !fields.trade_no || (status !== 'paid' && status !== 'closed')) return failure('unexpected notify content', orderNo);
      return {
        verified: {
          orderNo,
          providerTradeNo: fields.trade_no,
          amountFen,
          outcome: status === 'paid' ? 'paid' : 'failed',
          fields: { app_id: fields.app_id ?? '', seller_id: fields.seller_id ?? '', trade_status: fields.trade_status ?? '' },
        },
        orderNo,
        reply: { status: 200, contentType: 'text/plain', body: 'success' },
        refuse: FAILURE,
      };
    },

    async query(orderNo: string): Promise<QueryResult> {
      const r = await call('alipay.trade.query', 'query', orderNo, { out_trade_no: orderNo });
      if (r.code !== '10000') {
        if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { orderNo, status: 'notFound' };
        throw new AlipayError(`alipay.trade.query: ${r.code} ${r.sub_code ?? ''}`);
      }
      const amountFen = yuanToFen(r.total_amount);
      return {
        orderNo,
        status: TRADE_STATUS[r.trade_status ?? ''] ?? 'pending',
        ...(amountFen !== undefined ? { amountFen } : {}),
        ...(r.trade_no ? { providerTradeNo: r.trade_no } : {}),
      };
    },

    async refund(orderNo: string, amountFen: number, reason: string) {
      // One refund per order: the request number makes a retried refund the same refund.
      const refundNo = `${orderNo}RF`.slice(0, 64);
      const r = await call('alipay.trade.refund', 'refund', orderNo, {
        out_trade_no: orderNo,
        refund_amount: fenToYuan(amountFen),
        out_request_no: refundNo,
        refund_reason: reason.slice(0, 256),
      });
      if (r.code !== '10000') throw new AlipayError(`alipay.trade.refund: ${r.code} ${r.sub_code ?? ''}`);
      return { refundNo };
    },

    async close(orderNo: string) {
      const r = await call('alipay.trade.close', 'close', orderNo, { out_trade_no: orderNo });
      // A trade the payer never opened does not exist at Alipay: nothing to close.
      if (r.code !== '10000' && r.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw new AlipayError(`alipay.trade.close: ${r.code} ${r.sub_code ?? ''}`);
    },
  };
}
