import { randomUUID, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../../engine/index.ts';
import { publicRoute } from '../../auth/session-hook.ts';
import type { NotifyRequest } from '../provider.ts';
import type { WechatPayConfig } from '../wechat.ts';
import { privateKeyOf, publicKeyOf, verifySha256WithRsa } from '../crypto/rsa-sha256.ts';
import { encryptAeadAes256Gcm } from '../crypto/aead-aes-256-gcm.ts';
import { randomAlphanumeric, randomDigits } from '../crypto/nonce.ts';
import { beijingRfc3339 } from '../crypto/beijing-time.ts';
import { generateRsaKeyPair, oncePerProcess, randomSerialHex } from '../crypto/sandbox-pki.ts';
import { parseAuthorization, requestMessage, signAnswer, WECHAT_CLOCK_SKEW_S } from '../wechat-sign.ts';
import { SANDBOX_RATE, type SandboxGateway, type SandboxOptions } from './gateway.ts';
import { orderPage, requestLanguage, type PageText } from './sandbox-page.ts';

/**
 * WeChat Pay's side of API v3 Native payment, for dev and test only: verifies the merchant's
 * request signatures, answers signed with its platform key, serves the page the QR code leads to
 * (Pay / Fail), sends the signed notify with its resource encrypted under the APIv3 key, and
 * answers order query, close and refund. Trades live in memory.
 */
export interface WechatSandboxOptions {
  mchId: string;
  appId: string;
  /** The merchant's public key or API certificate (PEM) and its serial: verifies requests. */
  merchantPublicKeyPem: string;
  merchantSerialNo: string;
  platformPrivateKeyPem: string;
  platformSerialNo: string;
  apiV3Key: string;
  /** Where this sandbox is mounted (`${publicUrl}/sandbox/wechat`): the code_url's base. */
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export type WechatTradeState = 'NOTPAY' | 'SUCCESS' | 'PAYERROR' | 'CLOSED' | 'REFUND';

export interface WechatSandboxTrade {
  outTradeNo: string;
  description: string;
  notifyUrl: string;
  total: number;
  expiresAt: number;
  token: string;
  state: WechatTradeState;
  transactionId?: string;
  successTime?: string;
  refunded: number;
  refunds: Map<string, { refundId: string; refund: number; createTime: string }>;
}

const STATE_DESC: Record<WechatTradeState, string> = { NOTPAY: '未支付', SUCCESS: '支付成功', PAYERROR: '支付失败', CLOSED: '已关闭', REFUND: '转入退款' };

type Json = Record<string, unknown>;

export class WechatSandbox implements SandboxGateway<WechatPayConfig> {
  readonly id = 'wechat' as const;
  readonly trades = new Map<string, WechatSandboxTrade>();
  /** `drop`: a payment sends no notify (tests of the order-query fallback). */
  notifyMode: 'send' | 'drop' = 'send';
  private readonly merchantKey: KeyObject;
  private readonly platformKey: KeyObject;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(
    private readonly opts: WechatSandboxOptions,
    /** The adapter's configuration that trusts this sandbox. */
    readonly config: WechatPayConfig,
  ) {
    this.merchantKey = publicKeyOf(opts.merchantPublicKeyPem);
    this.platformKey = privateKeyOf(opts.platformPrivateKeyPem);
    this.fetch = opts.fetch ?? fetch;
    this.now = opts.now ?? Date.now;
  }

  /** The routes, mounted by `mountSandbox` at /sandbox/wechat (bodies as raw text); public, rate-limited. */
  routes(app: FastifyInstance): void {
    const { config } = publicRoute(SANDBOX_RATE);
    app.post('/v3/pay/transactions/native', { config }, (req, reply) => this.api(req, reply, (body) => this.createNative(body)));
    app.get('/v3/pay/transactions/out-trade-no/:no', { config }, (req, reply) =>
      this.api(req, reply, () => this.queryTrade((req.params as { no: string }).no, (req.query as { mchid?: string }).mchid)),
    );
    app.post('/v3/pay/transactions/out-trade-no/:no/close', { config }, (req, reply) => this.api(req, reply, (body) => this.closeTrade((req.params as { no: string }).no, body)));
    app.post('/v3/refund/domestic/refunds', { config }, (req, reply) => this.api(req, reply, (body) => this.refundTrade(body)));
    app.get('/pay/:token', { config }, (req, reply) => this.payPage(req, reply));
    app.post('/pay/:token/:action', { config }, (req, reply) => this.payAction(req, reply));
  }

  /** Sends the signed, encrypted notify of a trade (again); `amountFen` overrides the amount it reports. */
  async sendNotify(outTradeNo: string, override: { amountFen?: number } = {}): Promise<{ status: number; request: NotifyRequest }> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no sandbox trade ${outTradeNo}`);
    const total = override.amountFen ?? trade.total;
    const resource = {
      appid: this.opts.appId,
      mchid: this.opts.mchId,
      out_trade_no: trade.outTradeNo,
      transaction_id: trade.transactionId,
      trade_type: 'NATIVE',
      trade_state: trade.state,
      trade_state_desc: STATE_DESC[trade.state],
      bank_type: 'OTHERS',
      attach: '',
      success_time: trade.successTime,
      payer: { openid: 'oSandboxPayerOpenId0000000000' },
      amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
    };
    const sealed = encryptAeadAes256Gcm(this.opts.apiV3Key, JSON.stringify(resource), randomAlphanumeric(12), 'transaction');
    const rawBody = JSON.stringify({
      id: randomUUID(),
      create_time: beijingRfc3339(new Date(this.now())),
      resource_type: 'encrypt-resource',
      event_type: trade.state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : `TRANSACTION.${trade.state}`,
      summary: STATE_DESC[trade.state],
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.ciphertext, associated_data: sealed.associatedData, nonce: sealed.nonce },
    });
    const headers = this.signedHeaders(rawBody);
    const res = await this.fetch(trade.notifyUrl, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: rawBody });
    await res.arrayBuffer();
    return { status: res.status, request: { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), rawBody } };
  }

  private signedHeaders(body: string) {
    return signAnswer({ key: this.platformKey, serialNo: this.opts.platformSerialNo, body, nonce: randomAlphanumeric(32), timestamp: String(Math.floor(this.now() / 1000)) });
  }

  /** Verifies the merchant's signature, runs the handler, answers signed JSON. */
  private async api(req: FastifyRequest, reply: FastifyReply, handle: (body: Json) => { status: number; json?: Json }): Promise<void> {
    const raw = typeof req.body === 'string' ? req.body : '';
    const refusal = this.checkRequest(req, raw);
    let result: { status: number; json?: Json };
    if (refusal) result = { status: 401, json: { code: 'SIGN_ERROR', message: refusal } };
    else {
      let body: Json = {};
      try {
        if (raw) body = JSON.parse(raw) as Json;
        result = typeof body === 'object' && body !== null ? handle(body) : paramError('body must be an object');
      } catch {
        result = paramError('body is not JSON');
      }
    }
    const text = result.json ? JSON.stringify(result.json) : '';
    await reply.code(result.status).headers(this.signedHeaders(text)).type('application/json').send(text);
  }

  private checkRequest(req: FastifyRequest, body: string): string | undefined {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth) return 'missing or malformed Authorization';
    if (auth.mchid !== this.opts.mchId) return 'unknown mchid';
    if (auth.serial_no !== this.opts.merchantSerialNo) return 'unknown serial_no';
    if (!/^\d+$/.test(auth.timestamp) || Math.abs(this.now() / 1000 - Number(auth.timestamp)) > WECHAT_CLOCK_SKEW_S) return 'stale timestamp';
    const message = requestMessage(req.method, req.url, auth.timestamp, auth.nonce_str, body);
    return verifySha256WithRsa(this.merchantKey, message, auth.signature) ? undefined : 'signature does not verify';
  }

  private createNative(body: Json): { status: number; json?: Json } {
    const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
    const total = amount?.total;
    const outTradeNo = body.out_trade_no;
    if (body.appid !== this.opts.appId || body.mchid !== this.opts.mchId) return paramError('appid and mchid do not match');
    if (typeof outTradeNo !== 'string' || !/^[A-Za-z0-9_|*-]{6,32}$/.test(outTradeNo)) return paramError('out_trade_no');
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0 || (amount?.currency ?? 'CNY') !== 'CNY') return paramError('amount.total');
    if (typeof body.notify_url !== 'string' || !/^https?:\/\//.test(body.notify_url) || typeof body.description !== 'string') return paramError('notify_url, description');
    const expiresAt = typeof body.time_expire === 'string' ? Date.parse(body.time_expire) : this.now() + 2 * 3600_000;
    if (Number.isNaN(expiresAt)) return paramError('time_expire');
    const existing = this.trades.get(outTradeNo);
    if (existing) {
      if (existing.state !== 'NOTPAY' || existing.total !== total) return { status: 400, json: { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' } };
      return { status: 200, json: { code_url: this.payUrl(existing) } };
    }
    const trade: WechatSandboxTrade = { outTradeNo, description: body.description, notifyUrl: body.notify_url, total, expiresAt, token: randomAlphanumeric(24), state: 'NOTPAY', refunded: 0, refunds: new Map() };
    this.trades.set(outTradeNo, trade);
    return { status: 200, json: { code_url: this.payUrl(trade) } };
  }

  /** The page the QR code leads to. */
  private payUrl(trade: WechatSandboxTrade): string {
    return `${this.opts.baseUrl.replace(/\/+$/, '')}/pay/${trade.token}`;
  }

  /** The trade's state now: an unpaid trade past its time_expire is closed. */
  private current(trade: WechatSandboxTrade): WechatTradeState {
    if (trade.state === 'NOTPAY' && this.now() > trade.expiresAt) trade.state = 'CLOSED';
    return trade.state;
  }

  private queryTrade(no: string, mchid: string | undefined): { status: number; json?: Json } {
    if (mchid !== this.opts.mchId) return paramError('mchid');
    const trade = this.trades.get(no);
    if (!trade) return { status: 404, json: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
    const state = this.current(trade);
    return {
      status: 200,
      json: {
        appid: this.opts.appId,
        mchid: this.opts.mchId,
        out_trade_no: trade.outTradeNo,
        trade_type: 'NATIVE',
        trade_state: state,
        trade_state_desc: STATE_DESC[state],
        ...(trade.transactionId ? { transaction_id: trade.transactionId, success_time: trade.successTime, bank_type: 'OTHERS' } : {}),
        amount: { total: trade.total, currency: 'CNY', ...(trade.transactionId ? { payer_total: trade.total, payer_currency: 'CNY' } : {}) },
      },
    };
  }

  private closeTrade(no: string, body: Json): { status: number; json?: Json } {
    if (body.mchid !== this.opts.mchId) return paramError('mchid');
    const trade = this.trades.get(no);
    if (!trade) return { status: 404, json: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
    const state = this.current(trade);
    if (state === 'SUCCESS' || state === 'REFUND') return { status: 400, json: { code: 'ORDERPAID', message: '订单已支付' } };
    trade.state = 'CLOSED';
    return { status: 204 };
  }

  private refundTrade(body: Json): { status: number; json?: Json } {
    const amount = body.amount as { refund?: unknown; total?: unknown } | undefined;
    const trade = typeof body.out_trade_no === 'string' ? this.trades.get(body.out_trade_no) : undefined;
    const refundNo = body.out_refund_no;
    if (!trade) return { status: 404, json: { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' } };
    if (typeof refundNo !== 'string' || !/^[A-Za-z0-9_|*@-]{1,64}$/.test(refundNo)) return paramError('out_refund_no');
    const done = trade.refunds.get(refundNo);
    if (!done) {
      const refund = amount?.refund;
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') return { status: 403, json: { code: 'TRADE_STATE_ERROR', message: '订单状态不允许退款' } };
      if (amount?.total !== trade.total || typeof refund !== 'number' || !Number.isSafeInteger(refund) || refund <= 0) return paramError('amount');
      if (refund > trade.total - trade.refunded) return { status: 403, json: { code: 'NOT_ENOUGH', message: '退款金额超过可退金额' } };
      trade.refunded += refund;
      trade.state = 'REFUND';
      trade.refunds.set(refundNo, { refundId: `50${randomDigits(27)}`, refund, createTime: beijingRfc3339(new Date(this.now())) });
    }
    const r = trade.refunds.get(refundNo)!;
    return {
      status: 200,
      json: {
        refund_id: r.refundId,
        out_refund_no: refundNo,
        transaction_id: trade.transactionId,
        out_trade_no: trade.outTradeNo,
        channel: 'ORIGINAL',
        status: 'SUCCESS',
        create_time: r.createTime,
        amount: { total: trade.total, refund: r.refund, payer_total: trade.total, payer_refund: r.refund, currency: 'CNY' },
      },
    };
  }

  private tradeOf(req: FastifyRequest): WechatSandboxTrade | undefined {
    const token = (req.params as { token: string }).token;
    for (const t of this.trades.values()) if (t.token === token) return t;
    return undefined;
  }

  private page(reply: FastifyReply, lang: Language, status: number, trade: WechatSandboxTrade | undefined, message?: PageText, buttons = false) {
    const html = orderPage({
      lang,
      title: 'wechat',
      ...(trade ? { order: { merchant: this.opts.mchId, orderNo: trade.outTradeNo, subject: trade.description, amountFen: trade.total } } : {}),
      ...(message ? { message } : {}),
      ...(trade && buttons ? { payBase: this.payUrl(trade) } : {}),
      ...(trade ? { langHref: `${this.payUrl(trade)}?lang=${lang === 'zh-CN' ? 'en-US' : 'zh-CN'}` } : {}),
    });
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  }

  private payPage(req: FastifyRequest, reply: FastifyReply) {
    const lang = requestLanguage(req);
    const trade = this.tradeOf(req);
    if (!trade) return this.page(reply, lang, 404, undefined, 'unknown');
    const state = this.current(trade);
    if (state === 'NOTPAY') return this.page(reply, lang, 200, trade, undefined, true);
    return this.page(reply, lang, 200, trade, state === 'SUCCESS' || state === 'REFUND' ? 'paid' : state === 'PAYERROR' ? 'failed' : 'closed');
  }

  /** Pay: the trade succeeds and its notify goes out. Fail: it fails; WeChat Pay sends no notify for that, the query tells. */
  private async payAction(req: FastifyRequest, reply: FastifyReply) {
    const lang = requestLanguage(req);
    const trade = this.tradeOf(req);
    const action = (req.params as { action: string }).action;
    if (!trade || (action !== 'pay' && action !== 'fail')) return this.page(reply, lang, 404, undefined, 'unknown');
    if (this.current(trade) !== 'NOTPAY') return this.page(reply, lang, 409, trade, 'closed');
    if (action === 'fail') {
      trade.state = 'PAYERROR';
      return this.page(reply, lang, 200, trade, 'failed');
    }
    trade.state = 'SUCCESS';
    trade.transactionId = `42${randomDigits(26)}`;
    trade.successTime = beijingRfc3339(new Date(this.now()));
    let delivered = false;
    if (this.notifyMode === 'send') {
      try {
        delivered = (await this.sendNotify(trade.outTradeNo)).status < 300;
      } catch {
        delivered = false;
      }
    }
    return this.page(reply, lang, 200, trade, delivered ? 'notifyDelivered' : 'notifyNotDelivered');
  }
}

const paramError = (what: string) => ({ status: 400, json: { code: 'PARAM_ERROR', message: `参数错误: ${what}` } });

/** A WeChat Pay sandbox and the merchant configuration that trusts it, with keys made now (nothing committed). */
export function wechatSandbox(opts: SandboxOptions & { now?: () => number }): WechatSandbox {
  const { merchant, platform } = oncePerProcess('wechat-sandbox', () => ({ merchant: generateRsaKeyPair(), platform: generateRsaKeyPair() }));
  const config: WechatPayConfig = {
    mchId: `19${randomDigits(8)}`,
    appId: `wx${randomAlphanumeric(16).toLowerCase()}`,
    merchantSerialNo: randomSerialHex(20),
    merchantPrivateKeyPem: merchant.privateKeyPem,
    platformPublicKeyPem: platform.publicKeyPem,
    platformSerialNo: `PUB_KEY_ID_${randomDigits(24)}`,
    apiV3Key: randomAlphanumeric(32),
    baseUrl: opts.baseUrl,
  };
  return new WechatSandbox(
    {
      mchId: config.mchId,
      appId: config.appId,
      merchantPublicKeyPem: merchant.publicKeyPem,
      merchantSerialNo: config.merchantSerialNo,
      platformPrivateKeyPem: platform.privateKeyPem,
      platformSerialNo: config.platformSerialNo,
      apiV3Key: config.apiV3Key,
      baseUrl: opts.baseUrl,
      fetch: opts.fetch,
      ...(opts.now ? { now: opts.now } : {}),
    },
    config,
  );
}
