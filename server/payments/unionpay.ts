import type { KeyObject } from 'node:crypto';
import type { NotifyRequest, NotifyResult, OrderRef, PayRequest, PayStart, PaymentProvider, ProviderContext, ProviderExchange, QueryResult } from './provider.ts';
import { PaymentProviderError } from './provider-error.ts';
import { privateKeyOf } from './crypto/rsa-sha256.ts';
import { beijingCompact } from './crypto/beijing-time.ts';
import { pemSetting } from './crypto/pem-setting.ts';
import { certIdOf, checkUnionpayMessage, parseUnionpayAnswer, signUnionpay, type UnionpayTrust } from './unionpay-sign.ts';

/**
 * UnionPay online gateway (网关支付, version 5.1.0, signMethod 01): the browser posts a
 * certificate-signed form to frontTransReq.do; the back notify (form-encoded) and the browser's
 * front notify are signed by UnionPay's signing certificate, which comes in each message
 * (`signPubKeyCert`) and is trusted through the configured middle and root certificates; order
 * query (queryTrans.do) and refund (backTransReq.do, txnType 04) are server to server.
 * Amounts: fen as a decimal string (`txnAmt`).
 */
export interface UnionPayConfig extends UnionpayTrust {
  merId: string;
  /** The merchant's signing key and certificate (PEM; from the .pfx UnionPay issues): certId is the certificate's serial. */
  signKeyPem: string;
  signCertPem: string;
  /** https://gateway.95516.com, or the sandbox's base. */
  baseUrl: string;
}

export const UNIONPAY_BASE_URL = 'https://gateway.95516.com';
/** txnTime, the order's submission time, from its PayRequest's `expiresAt` (submission + 15 minutes): the same at start, query and refund. */
const submissionOf = (expiresAt: Date) => new Date(expiresAt.getTime() - 15 * 60_000);
const PAID = new Set(['00', 'A6']);
const UNDECIDED = new Set(['03', '04', '05']);

/**
 * UNIONPAY_MER_ID, UNIONPAY_SIGN_KEY and UNIONPAY_SIGN_CERT (PEM, or the `_FILE` variants), and
 * either UNIONPAY_ROOT_CERT + UNIONPAY_MIDDLE_CERT (the chain of UnionPay's signing certificate) or
 * UNIONPAY_VERIFY_CERT (that certificate itself); else not configured. UNIONPAY_BASE_URL overrides the gateway.
 */
export function unionpayConfigFromEnv(env: Record<string, string | undefined>): UnionPayConfig | undefined {
  const signKeyPem = pemSetting(env, 'UNIONPAY_SIGN_KEY');
  const signCertPem = pemSetting(env, 'UNIONPAY_SIGN_CERT');
  const rootCertPem = pemSetting(env, 'UNIONPAY_ROOT_CERT');
  const middleCertPem = pemSetting(env, 'UNIONPAY_MIDDLE_CERT');
  const verifyCertPem = pemSetting(env, 'UNIONPAY_VERIFY_CERT');
  const merId = env.UNIONPAY_MER_ID;
  if (!merId || !signKeyPem || !signCertPem || (!verifyCertPem && !(rootCertPem && middleCertPem))) return undefined;
  return {
    merId,
    signKeyPem,
    signCertPem,
    baseUrl: env.UNIONPAY_BASE_URL || UNIONPAY_BASE_URL,
    ...(rootCertPem ? { rootCertPem } : {}),
    ...(middleCertPem ? { middleCertPem } : {}),
    ...(verifyCertPem ? { verifyCertPem } : {}),
  };
}

export const createUnionpayProvider = (config: UnionPayConfig, ctx: ProviderContext): PaymentProvider => new UnionPayProvider(config, ctx);

const OK_REPLY = { status: 200, contentType: 'text/plain', body: 'ok' };
const FAIL_REPLY = { status: 400, contentType: 'text/plain', body: 'fail' };

export class UnionPayProvider implements PaymentProvider {
  readonly id = 'unionpay' as const;
  readonly returnsByPost = true;
  private readonly key: KeyObject;
  private readonly certId: string;
  /** What `start` sent, for a query or refund without an OrderRef in this process. */
  private readonly started = new Map<string, OrderRef>();

  constructor(
    private readonly config: UnionPayConfig,
    private readonly ctx: ProviderContext,
    private readonly now: () => number = Date.now,
  ) {
    this.key = privateKeyOf(config.signKeyPem);
    this.certId = certIdOf(config.signCertPem);
  }

  async start(req: PayRequest): Promise<PayStart> {
    const submittedAt = submissionOf(req.expiresAt);
    this.started.set(req.orderNo, { expiresAt: req.expiresAt, notifyUrl: req.notifyUrl });
    const fields = this.signed({
      ...this.common('01', '01', '000201'),
      channelType: '07',
      orderId: req.orderNo,
      txnTime: beijingCompact(submittedAt),
      txnAmt: String(req.amountFen),
      currencyCode: '156',
      frontUrl: req.returnUrl,
      backUrl: req.notifyUrl,
      payTimeout: beijingCompact(req.expiresAt),
    });
    const action = `${this.base()}/gateway/api/frontTransReq.do`;
    await this.log({ orderNo: req.orderNo, direction: 'out', kind: 'pay', body: `POST ${action}\n${new URLSearchParams(fields).toString()}`, ok: true });
    return { kind: 'form', action, fields };
  }

  /** A back notify (server to server) or front notify (the browser's return): the same signed fields, form-encoded. The service logs it. */
  async verifyNotify(req: NotifyRequest): Promise<NotifyResult> {
    const fields = Object.fromEntries(new URLSearchParams(req.rawBody));
    const orderNo = fields.orderId ?? '';
    const fail = (error: string): NotifyResult => ({ verified: null, error, orderNo, reply: FAIL_REPLY, refuse: FAIL_REPLY });
    const error = checkUnionpayMessage(fields, this.config, this.now()) ?? (fields.merId !== this.config.merId ? `notify for another merchant (merId ${fields.merId})` : undefined);
    if (error) return fail(error);
    // A refund's notify (txnType 04) is signed and acknowledged, but is no payment outcome.
    if (fields.txnType !== '01') return { verified: null, error: `not a payment notify (txnType ${fields.txnType})`, orderNo, reply: OK_REPLY, refuse: FAIL_REPLY };
    const outcome = PAID.has(fields.respCode ?? '') ? 'paid' : 'failed';
    if (!/^\d{1,12}$/.test(fields.txnAmt ?? '') || !orderNo || (outcome === 'paid' && !fields.queryId)) return fail('notify incomplete');
    return {
      verified: {
        orderNo,
        providerTradeNo: fields.queryId ?? '',
        amountFen: Number(fields.txnAmt),
        outcome,
        fields: pick(fields, ['merId', 'txnTime', 'respCode', 'respMsg', 'currencyCode', 'settleAmt', 'settleDate', 'traceNo', 'traceTime']),
      },
      orderNo,
      reply: OK_REPLY,
      refuse: FAIL_REPLY,
    };
  }

  /** queryTrans.do: respCode is the query's own answer, origRespCode the payment's (34: no such payment yet). */
  async query(orderNo: string, ref?: OrderRef): Promise<QueryResult> {
    const { expiresAt } = this.refOf(orderNo, ref);
    const txnTime = beijingCompact(submissionOf(expiresAt));
    const answer = await this.call('query', orderNo, '/gateway/api/queryTrans.do', { ...this.common('00', '00', '000000'), orderId: orderNo, txnTime });
    if (answer.respCode === '34') return { orderNo, status: 'notFound' };
    if (UNDECIDED.has(answer.respCode ?? '')) return { orderNo, status: 'pending' };
    if (answer.respCode !== '00') throw rejected('query', answer);
    const orig = answer.origRespCode ?? '';
    const status: QueryResult['status'] = PAID.has(orig) ? 'paid' : UNDECIDED.has(orig) ? 'pending' : 'failed';
    return { orderNo, status, ...(/^\d+$/.test(answer.txnAmt ?? '') ? { amountFen: Number(answer.txnAmt) } : {}), ...(answer.queryId ? { providerTradeNo: answer.queryId } : {}) };
  }

  /** 退货 (txnType 04) of the paid consumption; its own orderId is `<orderNo>R`, so a retry is the same refund. */
  async refund(orderNo: string, amountFen: number, reason: string, ref?: OrderRef): Promise<{ refundNo: string }> {
    const known = this.refOf(orderNo, ref);
    const paid = await this.query(orderNo, known);
    if (paid.status !== 'paid' || !paid.providerTradeNo) throw new PaymentProviderError('unionpay', 'notPaid', `order ${orderNo} is ${paid.status}, nothing to refund`);
    if (!known.notifyUrl) throw new PaymentProviderError('unionpay', 'rejected', 'a refund needs the notify URL (OrderRef.notifyUrl)');
    const refundNo = `${orderNo}R`;
    const answer = await this.call('refund', orderNo, '/gateway/api/backTransReq.do', {
      ...this.common('04', '00', '000201'),
      channelType: '07',
      orderId: refundNo,
      origQryId: paid.providerTradeNo,
      txnTime: beijingCompact(new Date(this.now())),
      txnAmt: String(amountFen),
      backUrl: known.notifyUrl,
      reqReserved: reason.slice(0, 100).replace(/[&={}[\]]/g, ' '),
    });
    // 12: the same refund order was accepted before.
    if (answer.respCode !== '00' && answer.respCode !== '12' && !UNDECIDED.has(answer.respCode ?? '')) throw rejected('refund', answer);
    return { refundNo };
  }

  /**
   * The gateway has no close for an unpaid front order: the payTimeout sent with it closes it. So
   * close checks that it is not paid (refusing with `alreadyPaid` if it is) and logs the close.
   */
  async close(orderNo: string, ref?: OrderRef): Promise<void> {
    const q = await this.query(orderNo, ref);
    if (q.status === 'paid') throw new PaymentProviderError('unionpay', 'alreadyPaid', `order ${orderNo} is already paid`);
    await this.log({ orderNo, direction: 'out', kind: 'close', body: `no close request in the gateway protocol: the order's payTimeout closes it (now ${q.status})`, ok: true });
  }

  private refOf(orderNo: string, ref: OrderRef | undefined): OrderRef {
    const known = ref ?? this.started.get(orderNo);
    if (!known) throw new PaymentProviderError('unionpay', 'rejected', `order ${orderNo}: its expiresAt is needed (OrderRef) to find it at UnionPay`);
    return { ...this.started.get(orderNo), ...known };
  }

  private common(txnType: string, txnSubType: string, bizType: string): Record<string, string> {
    return { version: '5.1.0', encoding: 'UTF-8', signMethod: '01', txnType, txnSubType, bizType, accessType: '0', merId: this.config.merId, certId: this.certId };
  }

  private signed(fields: Record<string, string>): Record<string, string> {
    return { ...fields, signature: signUnionpay(fields, this.key) };
  }

  private base(): string {
    return this.config.baseUrl.replace(/\/+$/, '');
  }

  /** One signed form posted server to server; the answer's signature must hold. */
  private async call(kind: ProviderExchange['kind'], orderNo: string, path: string, fields: Record<string, string>): Promise<Record<string, string>> {
    const body = new URLSearchParams(this.signed(fields)).toString();
    await this.log({ orderNo, direction: 'out', kind, body: `POST ${path}\n${body}`, ok: true });
    let text: string;
    try {
      const res = await this.ctx.fetch(this.base() + path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body });
      text = await res.text();
    } catch (err) {
      await this.log({ orderNo, direction: 'in', kind, body: String(err), ok: false });
      throw new PaymentProviderError('unionpay', 'transport', `${kind} failed: ${String(err)}`);
    }
    const answer = parseUnionpayAnswer(text);
    const error = checkUnionpayMessage(answer, this.config, this.now());
    await this.log({ orderNo, direction: 'in', kind, body: text, ok: !error && answer.respCode === '00' });
    if (error) throw new PaymentProviderError('unionpay', 'unverified', `${kind} answer: ${error}`, answer.respCode);
    return answer;
  }

  private log(e: Omit<ProviderExchange, 'provider'>): void | Promise<void> {
    return this.ctx.log({ provider: 'unionpay', ...e });
  }
}

const pick = (fields: Record<string, string>, keys: string[]): Record<string, string> => Object.fromEntries(keys.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]!]));

const rejected = (what: string, answer: Record<string, string>) =>
  new PaymentProviderError('unionpay', 'rejected', `${what} refused (${answer.respCode ?? '?'} ${answer.respMsg ?? ''})`.trim(), answer.respCode);
