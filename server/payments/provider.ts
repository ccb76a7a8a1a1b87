/**
 * One online payment provider (Alipay page pay, WeChat Pay Native, UnionPay gateway) behind one
 * interface (SPEC §4 payment, §9 payment types). Each adapter speaks its provider's real protocol;
 * keys and certificates come from configuration, never from the repository. The payment-order
 * service only ever talks to this interface, so a provider is one adapter file plus its sandbox.
 *
 * Money crosses this boundary as integer fen (CNY minor units), never as a float: each adapter
 * converts to its protocol's own representation (Alipay: yuan as a decimal string; WeChat: fen;
 * UnionPay: fen as a string).
 */
import type { PayStart } from '../../engine/index.ts';

export type PaymentTypeId = 'alipay' | 'wechat' | 'unionpay';

export interface PayRequest {
  /** Our payment order number: unique, at most 32 characters of [A-Za-z0-9]. */
  orderNo: string;
  amountFen: number;
  currency: 'CNY';
  /** Shown on the provider's pay page. */
  subject: string;
  /** Absolute URL of our notify endpoint for this provider. */
  notifyUrl: string;
  /** Absolute URL the browser comes back to; the page asks the server for the real outcome. */
  returnUrl: string;
  /** Submission time + 15 minutes: the provider closes the order after this. */
  expiresAt: Date;
}

export type { PayStart };

/** The provider's asynchronous notify exactly as it reached us (the body unparsed: signatures cover bytes). */
export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface VerifiedNotify {
  orderNo: string;
  providerTradeNo: string;
  amountFen: number;
  outcome: 'paid' | 'failed';
  /** Provider-specific fields that the service checks against the order (seller id, app id, mch id…). */
  fields: Record<string, string>;
}

export interface NotifyResult {
  /** Null when the signature, decryption or format is wrong; `error` says which. */
  verified: VerifiedNotify | null;
  error?: string;
  /** What to answer the provider (each protocol has its own success/failure body). */
  reply: NotifyReply;
  /** The order number the notify names, also when it does not verify (so the exchange is logged with its order). */
  orderNo?: string;
  /** The protocol's failure answer, for a verified notify the service refuses (unknown order, wrong amount). */
  refuse: NotifyReply;
}

export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface QueryResult {
  orderNo: string;
  status: 'paid' | 'pending' | 'failed' | 'closed' | 'notFound';
  amountFen?: number;
  providerTradeNo?: string;
}

/** Every request to and answer from a provider is logged with its order (SPEC: "every exchange is logged"). */
export interface ProviderExchange {
  provider: PaymentTypeId;
  orderNo: string;
  direction: 'out' | 'in';
  kind: 'pay' | 'notify' | 'query' | 'refund' | 'close';
  body: string;
  ok: boolean;
}

export interface ProviderContext {
  fetch: typeof fetch;
  log: (exchange: ProviderExchange) => void | Promise<void>;
}

/**
 * What some providers need besides the order number to find an order again: UnionPay keys an
 * order on orderId + txnTime, which its adapter derives from the PayRequest's `expiresAt`, and a
 * refund there needs a notify address. Optional: an adapter that needs it and is not given it
 * uses what it kept from `start` in this process, else refuses (after a restart).
 */
export interface OrderRef {
  /** The `expiresAt` the trade's PayRequest carried. */
  expiresAt: Date;
  /** Our notify endpoint for this provider (UnionPay refunds report there). */
  notifyUrl?: string;
}

export interface PaymentProvider {
  readonly id: PaymentTypeId;
  /**
   * The browser comes back by a form POST (UnionPay's front notify) rather than a GET: the return
   * URL is then the server's `POST /api/payments/return/<id>`, which answers 303 to /paySuccess.
   */
  readonly returnsByPost?: boolean;
  start(req: PayRequest): Promise<PayStart>;
  /** Never throws for bad input: a forged or malformed notify gives `verified: null` and a failure reply. */
  verifyNotify(req: NotifyRequest): Promise<NotifyResult>;
  /** The fallback when no notify comes. */
  query(orderNo: string, ref?: OrderRef): Promise<QueryResult>;
  refund(orderNo: string, amountFen: number, reason: string, ref?: OrderRef): Promise<{ refundNo: string }>;
  /** Close an unpaid order at the provider (auto-cancel, payer cancel). */
  close(orderNo: string, ref?: OrderRef): Promise<void>;
}
