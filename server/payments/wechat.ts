import type { KeyObject } from 'node:crypto';
import type { NotifyRequest, NotifyResult, PayRequest, PayStart, PaymentProvider, ProviderContext, ProviderExchange, QueryResult } from './provider.ts';
import { PaymentProviderError } from './provider-error.ts';
import { privateKeyOf, publicKeyOf } from './crypto/rsa-sha256.ts';
import { decryptAeadAes256Gcm } from './crypto/aead-aes-256-gcm.ts';
import { randomAlphanumeric } from './crypto/nonce.ts';
import { beijingRfc3339 } from './crypto/beijing-time.ts';
import { pemSetting } from './crypto/pem-setting.ts';
import { buildAuthorization, checkSignedAnswer } from './wechat-sign.ts';

/** WeChat Pay merchant settings (docs/payments.md lists the environment variables). */
export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (the Authorization's serial_no). */
  merchantSerialNo: string;
  merchantPrivateKeyPem: string;
  /** WeChat Pay's platform public key or platform certificate (PEM): verifies answers and notifies. */
  platformPublicKeyPem: string;
  /** The Wechatpay-Serial that key's signatures carry (PUB_KEY_ID_… or the platform certificate's serial). */
  platformSerialNo: string;
  /** The APIv3 key (32 characters): decrypts notify resources. */
  apiV3Key: string;
  /** https://api.mch.weixin.qq.com, or the sandbox's base. */
  baseUrl: string;
}

export const WECHAT_BASE_URL = 'https://api.mch.weixin.qq.com';

/**
 * WECHATPAY_MCH_ID, WECHATPAY_APP_ID, WECHATPAY_MERCHANT_SERIAL_NO, WECHATPAY_MERCHANT_PRIVATE_KEY
 * (PEM, or WECHATPAY_MERCHANT_PRIVATE_KEY_FILE), WECHATPAY_PLATFORM_PUBLIC_KEY (PEM of the platform
 * public key or certificate, or WECHATPAY_PLATFORM_PUBLIC_KEY_FILE), WECHATPAY_PLATFORM_SERIAL_NO,
 * WECHATPAY_APIV3_KEY: all of them, else not configured. WECHATPAY_BASE_URL overrides the gateway.
 */
export function wechatConfigFromEnv(env: Record<string, string | undefined>): WechatPayConfig | undefined {
  const merchantPrivateKeyPem = pemSetting(env, 'WECHATPAY_MERCHANT_PRIVATE_KEY');
  const platformPublicKeyPem = pemSetting(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY');
  const { WECHATPAY_MCH_ID: mchId, WECHATPAY_APP_ID: appId, WECHATPAY_MERCHANT_SERIAL_NO: merchantSerialNo, WECHATPAY_PLATFORM_SERIAL_NO: platformSerialNo, WECHATPAY_APIV3_KEY: apiV3Key } = env;
  if (!mchId || !appId || !merchantSerialNo || !merchantPrivateKeyPem || !platformPublicKeyPem || !platformSerialNo || !apiV3Key) return undefined;
  return { mchId, appId, merchantSerialNo, merchantPrivateKeyPem, platformPublicKeyPem, platformSerialNo, apiV3Key, baseUrl: env.WECHATPAY_BASE_URL || WECHAT_BASE_URL };
}

export const createWechatProvider = (config: WechatPayConfig, ctx: ProviderContext): PaymentProvider => new WechatPayProvider(config, ctx);

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
  success_time?: string;
}

const QUERY_STATUS: Record<string, QueryResult['status']> = {
  SUCCESS: 'paid',
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  PAYERROR: 'failed',
  CLOSED: 'closed',
  REVOKED: 'closed',
};

const SUCCESS_REPLY = { status: 204, contentType: 'text/plain', body: '' };
const failureReply = (message: string) => ({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) });

/** WeChat Pay Native (API v3): the payer scans `code_url`; notifies are signed and their resource encrypted. */
export class WechatPayProvider implements PaymentProvider {
  readonly id = 'wechat' as const;
  private readonly merchantKey: KeyObject;
  private readonly platformKey: KeyObject;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly ctx: ProviderContext,
    private readonly now: () => number = Date.now,
  ) {
    this.merchantKey = privateKeyOf(config.merchantPrivateKeyPem);
    this.platformKey = publicKeyOf(config.platformPublicKeyPem);
    if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32) throw new Error('WeChat Pay: the APIv3 key must be 32 bytes');
  }

  async start(req: PayRequest): Promise<PayStart> {
    const body = {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: req.subject.slice(0, 127),
      out_trade_no: req.orderNo,
      time_expire: beijingRfc3339(req.expiresAt),
      notify_url: req.notifyUrl,
      amount: { total: req.amountFen, currency: 'CNY' },
    };
    const answer = await this.call('pay', req.orderNo, 'POST', '/v3/pay/transactions/native', body);
    const codeUrl = (answer.json as { code_url?: unknown }).code_url;
    if (answer.status !== 200 || typeof codeUrl !== 'string') throw this.rejected(answer, 'native order refused');
    return { kind: 'qr', codeUrl };
  }

  /** The service logs the notify with its order; a WeChat notify names its order only inside the encrypted resource. */
  async verifyNotify(req: NotifyRequest): Promise<NotifyResult> {
    const fail = (error: string, orderNo = ''): NotifyResult => ({ verified: null, error, orderNo, reply: failureReply(error), refuse: failureReply('order refused') });
    const signatureError = checkSignedAnswer(req.headers, req.rawBody, { key: this.platformKey, serialNo: this.config.platformSerialNo }, this.now());
    if (signatureError) return fail(signatureError);
    let tx: Transaction;
    try {
      const envelope = JSON.parse(req.rawBody) as { resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
      const r = envelope.resource;
      if (r?.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') return fail('notify without an AEAD_AES_256_GCM resource');
      tx = JSON.parse(decryptAeadAes256Gcm(this.config.apiV3Key, { ciphertext: r.ciphertext, nonce: r.nonce, associatedData: r.associated_data ?? '' })) as Transaction;
    } catch {
      return fail('notify resource does not decrypt');
    }
    const orderNo = tx.out_trade_no ?? '';
    if (tx.mchid !== this.config.mchId || tx.appid !== this.config.appId) return fail(`notify for another merchant (mchid ${tx.mchid}, appid ${tx.appid})`, orderNo);
    if (!orderNo || !tx.transaction_id || !Number.isSafeInteger(tx.amount?.total)) return fail('notify transaction incomplete', orderNo);
    return {
      verified: {
        orderNo,
        providerTradeNo: tx.transaction_id,
        amountFen: tx.amount!.total!,
        outcome: tx.trade_state === 'SUCCESS' ? 'paid' : 'failed',
        fields: { mchid: tx.mchid, appid: tx.appid, trade_state: tx.trade_state ?? '', currency: tx.amount?.currency ?? '', success_time: tx.success_time ?? '' },
      },
      orderNo,
      reply: SUCCESS_REPLY,
      refuse: failureReply('order refused'),
    };
  }

  async query(orderNo: string): Promise<QueryResult> {
    const answer = await this.call('query', orderNo, 'GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.config.mchId)}`);
    if (answer.status === 404) return { orderNo, status: 'notFound' };
    const tx = answer.json as Transaction;
    const status = tx.trade_state ? QUERY_STATUS[tx.trade_state] : undefined;
    if (answer.status !== 200 || !status || tx.out_trade_no !== orderNo) throw this.rejected(answer, 'order query refused');
    return { orderNo, status, ...(tx.amount?.total !== undefined ? { amountFen: tx.amount.total } : {}), ...(tx.transaction_id ? { providerTradeNo: tx.transaction_id } : {}) };
  }

  /** Refunds part or all of a paid order. The refund number is `<orderNo>R`: a retried refund is the same refund. */
  async refund(orderNo: string, amountFen: number, reason: string): Promise<{ refundNo: string }> {
    const paid = await this.query(orderNo);
    if (paid.status !== 'paid' || paid.amountFen === undefined) throw new PaymentProviderError('wechat', 'notPaid', `order ${orderNo} is ${paid.status}, nothing to refund`);
    const refundNo = `${orderNo}R`;
    const body = { out_trade_no: orderNo, out_refund_no: refundNo, reason: reason.slice(0, 80), amount: { refund: amountFen, total: paid.amountFen, currency: 'CNY' } };
    const answer = await this.call('refund', orderNo, 'POST', '/v3/refund/domestic/refunds', body);
    const status = (answer.json as { status?: string }).status;
    if (answer.status !== 200 || (status !== 'SUCCESS' && status !== 'PROCESSING')) throw this.rejected(answer, 'refund refused');
    return { refundNo };
  }

  async close(orderNo: string): Promise<void> {
    const answer = await this.call('close', orderNo, 'POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: this.config.mchId });
    if (answer.status === 204) return;
    const code = (answer.json as { code?: string }).code;
    if (code === 'ORDERPAID' || code === 'ORDER_PAID') throw new PaymentProviderError('wechat', 'alreadyPaid', `order ${orderNo} is already paid`, code);
    throw this.rejected(answer, 'close refused');
  }

  /** One signed request; its answer's signature must hold (WeChat Pay signs every answer). */
  private async call(kind: ProviderExchange['kind'], orderNo: string, method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; json: unknown }> {
    const url = new URL(this.config.baseUrl.replace(/\/+$/, '') + path);
    const text = body ? JSON.stringify(body) : '';
    const authorization = buildAuthorization({
      mchId: this.config.mchId,
      serialNo: this.config.merchantSerialNo,
      key: this.merchantKey,
      method,
      url: url.pathname + url.search,
      body: text,
      nonce: randomAlphanumeric(32),
      timestamp: String(Math.floor(this.now() / 1000)),
    });
    await this.log({ orderNo, direction: 'out', kind, body: `${method} ${url.pathname}${url.search}\n${text}`, ok: true });
    let res: Response;
    let answerText: string;
    try {
      res = await this.ctx.fetch(url, {
        method,
        headers: { Authorization: authorization, Accept: 'application/json', 'User-Agent': 'portico-payments', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: text } : {}),
      });
      answerText = await res.text();
    } catch (err) {
      await this.log({ orderNo, direction: 'in', kind, body: String(err), ok: false });
      throw new PaymentProviderError('wechat', 'transport', `${kind} failed: ${String(err)}`);
    }
    const headers = Object.fromEntries(res.headers.entries());
    const signatureError = checkSignedAnswer(headers, answerText, { key: this.platformKey, serialNo: this.config.platformSerialNo }, this.now());
    await this.log({ orderNo, direction: 'in', kind, body: `${res.status}\n${answerText}`, ok: res.ok && !signatureError });
    if (signatureError) throw new PaymentProviderError('wechat', 'unverified', `${kind} answer: ${signatureError}`);
    let json: unknown = {};
    try {
      if (answerText) json = JSON.parse(answerText);
    } catch {
      throw new PaymentProviderError('wechat', 'rejected', `${kind} answer is not JSON`);
    }
    return { status: res.status, json };
  }

  private rejected(answer: { status: number; json: unknown }, what: string): PaymentProviderError {
    const { code, message } = answer.json as { code?: string; message?: string };
    return new PaymentProviderError('wechat', 'rejected', `${what} (${answer.status} ${code ?? ''} ${message ?? ''})`.trim(), code);
  }

  private log(e: Omit<ProviderExchange, 'provider'>): void | Promise<void> {
    return this.ctx.log({ provider: 'wechat', ...e });
  }
}
