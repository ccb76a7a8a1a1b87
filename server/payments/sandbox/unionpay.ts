import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../../engine/index.ts';
import { publicRoute } from '../../auth/session-hook.ts';
import type { NotifyRequest } from '../provider.ts';
import type { UnionPayConfig } from '../unionpay.ts';
import { randomAlphanumeric, randomDigits } from '../crypto/nonce.ts';
import { beijingCompact, parseBeijingCompact } from '../crypto/beijing-time.ts';
import { issueCertificate, oncePerProcess, type IssuedCert } from '../crypto/sandbox-pki.ts';
import { certIdOf, formatUnionpayAnswer, signUnionpay, UNIONPAY_SIGNER_NAME, verifyUnionpaySignature } from '../unionpay-sign.ts';
import { SANDBOX_RATE, type SandboxGateway, type SandboxOptions } from './gateway.ts';
import { formFields, orderPage, requestLanguage, type PageForm, type PageText } from './sandbox-page.ts';

/**
 * UnionPay's side of the online gateway 5.1.0, for dev and test only. At start it makes a root and
 * a middle CA, UnionPay's signing certificate under them (CN CFCA@…@中国银联股份有限公司@…) and the
 * merchant's signing certificate. It checks the merchant's certId and signatures, shows the pay page
 * the browser's form lands on (Pay / Fail), sends the signed back notify, returns the browser to
 * frontUrl with the signed front notify (a form POST, as UnionPay does), and answers queryTrans and
 * backTransReq (refund) with signed answers. Trades live in memory.
 */
export type UnionpayTradeState = 'pending' | 'paid' | 'failed';

export interface UnionpaySandboxTrade {
  orderId: string;
  txnTime: string;
  txnAmt: string;
  frontUrl: string;
  backUrl: string;
  payTimeout?: number;
  token: string;
  state: UnionpayTradeState;
  respCode?: string;
  queryId?: string;
  traceNo?: string;
  traceTime?: string;
  settleDate?: string;
  refunded: number;
}

const RESP_MSG: Record<string, string> = { '00': '成功[0000000]', '01': '交易失败[1000001]', '10': '报文格式错误', '11': '验证签名失败', '12': '重复交易', '34': '查无此交易', '35': '原交易不存在或状态不正确' };

export class UnionpaySandbox implements SandboxGateway<UnionPayConfig> {
  readonly id = 'unionpay' as const;
  /** Trades by `orderId@txnTime` (UnionPay's key of an order). */
  readonly trades = new Map<string, UnionpaySandboxTrade>();
  /** Refunds by their own orderId. */
  readonly refunds = new Map<string, { origQryId: string; txnAmt: number; queryId: string }>();
  notifyMode: 'send' | 'drop' = 'send';
  private readonly now: () => number;

  constructor(
    private readonly opts: SandboxOptions & { now?: () => number },
    readonly config: UnionPayConfig,
    /** UnionPay's signing certificate and key (issued by the middle CA of `config`). */
    private readonly signer: IssuedCert,
  ) {
    this.now = opts.now ?? Date.now;
  }

  routes(app: FastifyInstance): void {
    const { config } = publicRoute(SANDBOX_RATE);
    app.post('/gateway/api/frontTransReq.do', { config }, (req, reply) => this.front(req, reply));
    app.post('/gateway/api/queryTrans.do', { config }, (req, reply) => this.api(req, reply, (f) => this.queryTrans(f)));
    app.post('/gateway/api/backTransReq.do', { config }, (req, reply) => this.api(req, reply, (f) => this.backTrans(f)));
    app.post('/pay/:token/:action', { config }, (req, reply) => this.payAction(req, reply));
  }

  /** Signs fields as UnionPay does: with its signing certificate attached. */
  sign(fields: Record<string, string>): Record<string, string> {
    const withCert = { ...fields, signPubKeyCert: this.signer.certPem };
    return { ...withCert, signature: signUnionpay(withCert, this.signer.privateKeyPem) };
  }

  /** The signed notify fields of a trade (the back notify and the front notify carry the same). */
  notifyFields(trade: UnionpaySandboxTrade, override: { amountFen?: number } = {}): Record<string, string> {
    return this.sign({
      version: '5.1.0',
      encoding: 'UTF-8',
      signMethod: '01',
      txnType: '01',
      txnSubType: '01',
      bizType: '000201',
      accessType: '0',
      merId: this.config.merId,
      orderId: trade.orderId,
      txnTime: trade.txnTime,
      txnAmt: override.amountFen !== undefined ? String(override.amountFen) : trade.txnAmt,
      currencyCode: '156',
      respCode: trade.respCode ?? '01',
      respMsg: RESP_MSG[trade.respCode ?? '01'] ?? '',
      ...(trade.queryId ? { queryId: trade.queryId, traceNo: trade.traceNo!, traceTime: trade.traceTime!, settleAmt: trade.txnAmt, settleCurrencyCode: '156', settleDate: trade.settleDate! } : {}),
    });
  }

  /** Sends a trade's signed back notify (again); `amountFen` overrides the amount it reports. */
  async sendNotify(orderId: string, override: { amountFen?: number } = {}): Promise<{ status: number; request: NotifyRequest }> {
    const trade = [...this.trades.values()].find((t) => t.orderId === orderId);
    if (!trade) throw new Error(`no sandbox trade ${orderId}`);
    return this.post(trade.backUrl, this.notifyFields(trade, override));
  }

  private async post(url: string, fields: Record<string, string>): Promise<{ status: number; request: NotifyRequest }> {
    const rawBody = new URLSearchParams(fields).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' };
    const res = await this.opts.fetch(url, { method: 'POST', headers, body: rawBody });
    await res.arrayBuffer();
    return { status: res.status, request: { headers, rawBody } };
  }

  /** Why a merchant request is refused (respCode and message), or undefined. */
  private checkMerchant(f: Record<string, string>): string | undefined {
    if (f.version !== '5.1.0' || f.signMethod !== '01' || f.encoding !== 'UTF-8') return '10';
    if (f.merId !== this.config.merId || f.certId !== certIdOf(this.config.signCertPem)) return '11';
    return verifyUnionpaySignature(f, this.config.signCertPem) ? undefined : '11';
  }

  private async api(req: FastifyRequest, reply: FastifyReply, handle: (f: Record<string, string>) => Record<string, string>) {
    const f = formFields(req.body);
    const refused = this.checkMerchant(f);
    const answer = refused ? { respCode: refused, respMsg: RESP_MSG[refused]! } : handle(f);
    const signed = this.sign({ version: '5.1.0', encoding: 'UTF-8', signMethod: '01', txnType: f.txnType ?? '', txnSubType: f.txnSubType ?? '', bizType: f.bizType ?? '', accessType: '0', merId: this.config.merId, orderId: f.orderId ?? '', txnTime: f.txnTime ?? '', ...answer });
    return reply.type('text/plain; charset=UTF-8').send(formatUnionpayAnswer(signed));
  }

  private current(t: UnionpaySandboxTrade): UnionpayTradeState | 'expired' {
    return t.state === 'pending' && t.payTimeout !== undefined && this.now() > t.payTimeout ? 'expired' : t.state;
  }

  private queryTrans(f: Record<string, string>): Record<string, string> {
    if (f.txnType !== '00') return { respCode: '10', respMsg: RESP_MSG['10']! };
    const t = this.trades.get(`${f.orderId}@${f.txnTime}`);
    // An order the payer never paid or failed is unknown to UnionPay.
    if (!t || t.state === 'pending') return { respCode: '34', respMsg: RESP_MSG['34']! };
    return {
      respCode: '00',
      respMsg: RESP_MSG['00']!,
      origRespCode: t.respCode!,
      origRespMsg: RESP_MSG[t.respCode!] ?? '',
      txnAmt: t.txnAmt,
      currencyCode: '156',
      ...(t.queryId ? { queryId: t.queryId, traceNo: t.traceNo!, traceTime: t.traceTime!, settleAmt: t.txnAmt, settleCurrencyCode: '156', settleDate: t.settleDate! } : {}),
    };
  }

  /** backTransReq.do: refund (txnType 04) of a paid consumption; its result also goes to its backUrl. */
  private backTrans(f: Record<string, string>): Record<string, string> {
    if (f.txnType !== '04' || !/^[1-9]\d{0,11}$/.test(f.txnAmt ?? '') || !/^[0-9A-Za-z]{8,40}$/.test(f.orderId ?? '') || !/^https?:\/\//.test(f.backUrl ?? '')) return { respCode: '10', respMsg: RESP_MSG['10']! };
    const previous = this.refunds.get(f.orderId!);
    if (previous) return { respCode: '12', respMsg: RESP_MSG['12']!, origQryId: previous.origQryId, queryId: previous.queryId };
    const orig = [...this.trades.values()].find((t) => t.queryId === f.origQryId && t.state === 'paid');
    const amount = Number(f.txnAmt);
    if (!orig || amount > Number(orig.txnAmt) - orig.refunded) return { respCode: '35', respMsg: RESP_MSG['35']! };
    orig.refunded += amount;
    const queryId = `${beijingCompact(new Date(this.now())).slice(2)}${randomDigits(9)}`;
    this.refunds.set(f.orderId!, { origQryId: orig.queryId!, txnAmt: amount, queryId });
    if (this.notifyMode === 'send') {
      const notify = this.sign({ version: '5.1.0', encoding: 'UTF-8', signMethod: '01', txnType: '04', txnSubType: '00', bizType: '000201', accessType: '0', merId: this.config.merId, orderId: f.orderId!, txnTime: f.txnTime!, txnAmt: f.txnAmt!, origQryId: orig.queryId!, queryId, respCode: '00', respMsg: RESP_MSG['00']! });
      // Asynchronous, as UnionPay's: the answer does not wait for it.
      setImmediate(() => void this.post(f.backUrl!, notify).catch(() => undefined));
    }
    return { respCode: '00', respMsg: RESP_MSG['00']!, origQryId: orig.queryId!, queryId, txnAmt: f.txnAmt! };
  }

  /** The browser's signed form from the merchant: checked, then the pay page. */
  private front(req: FastifyRequest, reply: FastifyReply) {
    const lang = requestLanguage(req);
    const f = formFields(req.body);
    const refused = this.checkMerchant(f);
    const valid =
      !refused &&
      f.txnType === '01' &&
      /^[0-9A-Za-z]{8,40}$/.test(f.orderId ?? '') &&
      /^[1-9]\d{0,11}$/.test(f.txnAmt ?? '') &&
      parseBeijingCompact(f.txnTime ?? '') !== undefined &&
      f.currencyCode === '156' &&
      /^https?:\/\//.test(f.backUrl ?? '') &&
      /^https?:\/\//.test(f.frontUrl ?? '');
    if (!valid) return this.page(reply, lang, 400, undefined, 'badRequest');
    const key = `${f.orderId}@${f.txnTime}`;
    let trade = this.trades.get(key);
    if (!trade) {
      const payTimeout = f.payTimeout ? parseBeijingCompact(f.payTimeout)?.getTime() : undefined;
      trade = { orderId: f.orderId!, txnTime: f.txnTime!, txnAmt: f.txnAmt!, frontUrl: f.frontUrl!, backUrl: f.backUrl!, token: randomAlphanumeric(24), state: 'pending', refunded: 0, ...(payTimeout !== undefined ? { payTimeout } : {}) };
      this.trades.set(key, trade);
    }
    return this.tradePage(reply, lang, trade);
  }

  private tradePage(reply: FastifyReply, lang: Language, trade: UnionpaySandboxTrade, status = 200, message?: PageText) {
    const state = this.current(trade);
    if (state === 'pending') return this.page(reply, lang, status, trade, message, true);
    const outcome: PageText = state === 'paid' ? 'paid' : state === 'failed' ? 'failed' : 'closed';
    return this.page(reply, lang, status, trade, message ?? outcome);
  }

  private page(reply: FastifyReply, lang: Language, status: number, trade: UnionpaySandboxTrade | undefined, message?: PageText, buttons = false) {
    // Back to the merchant: the signed front notify, posted by the browser to frontUrl.
    const forms: PageForm[] = trade && (trade.state === 'paid' || trade.state === 'failed') ? [{ action: trade.frontUrl, label: 'back', name: 'back', fields: this.notifyFields(trade) }] : [];
    const html = orderPage({
      lang,
      title: 'unionpay',
      ...(trade ? { order: { merchant: this.config.merId, orderNo: trade.orderId, amountFen: Number(trade.txnAmt) } } : {}),
      ...(message ? { message } : {}),
      ...(trade && buttons ? { payBase: `${this.opts.baseUrl}/pay/${trade.token}` } : {}),
      forms,
    });
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  }

  /** Pay: the payment succeeds and the back notify goes out. Fail: it fails (UnionPay sends no back notify for that; the front notify and the query tell). */
  private async payAction(req: FastifyRequest, reply: FastifyReply) {
    const lang = requestLanguage(req);
    const { token, action } = req.params as { token: string; action: string };
    const trade = [...this.trades.values()].find((t) => t.token === token);
    if (!trade || (action !== 'pay' && action !== 'fail')) return this.page(reply, lang, 404, undefined, 'unknown');
    if (this.current(trade) !== 'pending') return this.tradePage(reply, lang, trade, 409);
    if (action === 'fail') {
      trade.state = 'failed';
      trade.respCode = '01';
      return this.tradePage(reply, lang, trade);
    }
    const at = beijingCompact(new Date(this.now()));
    Object.assign(trade, { state: 'paid', respCode: '00', queryId: `${at.slice(2)}${randomDigits(9)}`, traceNo: randomDigits(6), traceTime: at.slice(4), settleDate: at.slice(4, 8) });
    let delivered = false;
    if (this.notifyMode === 'send') {
      try {
        delivered = (await this.sendNotify(trade.orderId)).status === 200;
      } catch {
        delivered = false;
      }
    }
    return this.tradePage(reply, lang, trade, 200, delivered ? 'notifyDelivered' : 'notifyNotDelivered');
  }
}

/** A UnionPay sandbox and the merchant configuration that trusts it: CA chain, UnionPay's and the merchant's certificates made now. */
export function unionpaySandbox(opts: SandboxOptions & { now?: () => number }): UnionpaySandbox {
  const { root, middle, signer, merchant } = oncePerProcess('unionpay-sandbox', () => {
    const root = issueCertificate({ commonName: 'Portico sandbox UnionPay root CA', ca: true });
    const middle = issueCertificate({ commonName: 'Portico sandbox UnionPay middle CA', ca: true, issuer: root });
    const signer = issueCertificate({ commonName: `CFCA@UnionPaySandbox@${UNIONPAY_SIGNER_NAME}@00000001`, issuer: middle });
    const merchant = issueCertificate({ commonName: 'CFCA@PorticoMerchant@Portico sandbox merchant@00000002', issuer: middle });
    return { root, middle, signer, merchant };
  });
  const config: UnionPayConfig = {
    merId: `777290058${randomDigits(6)}`,
    signKeyPem: merchant.privateKeyPem,
    signCertPem: merchant.certPem,
    rootCertPem: root.certPem,
    middleCertPem: middle.certPem,
    baseUrl: opts.baseUrl,
  };
  return new UnionpaySandbox(opts, config, signer);
}
