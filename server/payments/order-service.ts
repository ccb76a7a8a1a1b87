import { randomUUID } from 'node:crypto';
import { hasPermission, stateOptions, type EntityRecord, type EntityRegistry, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Database, Queryable } from '../db/database.ts';
import { getRecord } from '../entities/records-repo.ts';
import type { EntityService } from '../entities/service.ts';
import { scopeOf } from '../entities/visibility.ts';
import { ApiError } from '../http/errors.ts';
import { payableInvoices, recordInvoicesPaid } from './invoices.ts';
import { fenToYuan } from './money.ts';
import { creatorOf, exchangesOfOrder, insertTrade, lockInvoices, logExchange, openOrdersFor, OPEN_STATES, tradeByNo, type Trade } from './payments-repo.ts';
import type { NotifyRequest, OrderRef, PaymentProvider, PaymentTypeId, PayStart, QueryResult, VerifiedNotify } from './provider.ts';
import type { PaymentProviders } from './registry.ts';
import { PAYMENT_WINDOW_MS } from '../../workflows/payment-order.machine.ts';
import { withSandboxLanguage } from './sandbox/gateway.ts';

export const PAY_PERMISSION = 'paymentOrder:pay';
const ENTITY = 'paymentOrder';

type Doc = Record<string, unknown>;

/** What paying answers: the order, where the browser goes, and whether that is a sandbox (no money moves). */
export interface OrderAndStart {
  order: EntityRecord;
  start: PayStart;
  sandbox: boolean;
}

/** What the provider's word (a verified notify, or the order query) did to the order. */
type Applied = 'paid' | 'failed' | 'unchanged' | 'rejected';

/**
 * Payment orders (SPEC §4 payment, §5 invoice and payment, §9): paying selected invoices makes an
 * order and its first provider trade; the provider's verified notify, or the order query when no
 * notify came, sends the order's machine its events; on success each invoice records the
 * payment. Every exchange with a provider is logged with the trade (payments-repo.ts).
 */
export class PaymentOrders {
  constructor(
    private readonly db: Database,
    private readonly registry: EntityRegistry,
    private readonly service: EntityService,
    readonly providers: PaymentProviders,
    private readonly publicUrl: string,
    /** Runs the effects a transition queued once it has committed (closing, refunding at the provider). */
    private readonly effects: { afterCommit(): Promise<void> },
  ) {}

  private get reg(): RegisteredEntity {
    return this.registry.get(ENTITY);
  }

  /** The payment types offered now, in order. */
  offered(): PaymentTypeId[] {
    return [...this.providers.providers.keys()];
  }

  private provider(id: string): PaymentProvider | undefined {
    return this.providers.providers.get(id as PaymentTypeId);
  }

  /** Whether an order of this payment type is paid at a sandbox gateway (no money moves): the answers say so (`sandbox`), the client shows it. */
  isSandbox(payType: unknown): boolean {
    return this.providers.sandboxes.has(payType as PaymentTypeId);
  }

  private stateLabel(record: EntityRecord, lang: Language): string {
    const leaf = record.states.$status ?? '';
    return stateOptions(this.reg, '$status', lang).find((o) => o.value === leaf)?.label ?? leaf;
  }

  /** What a provider needs besides the trade number to find the trade again (UnionPay: its txnTime, from the window's end). */
  private async refOf(db: Queryable, orderId: string, provider: PaymentTypeId): Promise<OrderRef | undefined> {
    const { rows } = await db.query<{ expires: string | null }>("select doc->>'expiresAt' as expires from records where id = $1", [orderId]);
    const expires = rows[0]?.expires;
    return expires ? { expiresAt: new Date(expires), notifyUrl: this.notifyUrl(provider) } : undefined;
  }

  /** Where the browser comes back: /paySuccess, or for a provider that posts its way back, the return route that answers 303 to it. */
  private returnUrl(provider: PaymentProvider, orderId: string): string {
    const order = `order=${encodeURIComponent(orderId)}`;
    return provider.returnsByPost ? `${this.publicUrl}/api/payments/return/${provider.id}?${order}` : `${this.publicUrl}/paySuccess?${order}`;
  }

  private notifyUrl(provider: PaymentTypeId): string {
    return `${this.publicUrl}/api/payments/notify/${provider}`;
  }

  /** Pays the selected invoices: checks them, makes the order (its 15-minute timer starts) and its first trade, and starts it at the provider. */
  async submit(user: SessionUser, body: { invoiceIds?: unknown; payType?: unknown }, lang: Language): Promise<OrderAndStart> {
    if (!hasPermission(user.permissionMap, PAY_PERMISSION)) throw new ApiError(403, 'FORBIDDEN', { permission: PAY_PERMISSION });
    const ids = Array.isArray(body.invoiceIds) ? [...new Set(body.invoiceIds.filter((x): x is string => typeof x === 'string' && x.length > 0))] : [];
    if (!ids.length) throw new ApiError(400, 'SELECT_INVOICE_TO_PAY');
    if (ids.length > 100) throw new ApiError(400, 'BAD_REQUEST', { detail: 'invoiceIds' });
    if (typeof body.payType !== 'string' || !body.payType) throw new ApiError(400, 'CHOOSE_PAYMENT_TYPE');
    const provider = this.provider(body.payType);
    if (!provider) throw new ApiError(400, 'PAYMENT_TYPE_UNAVAILABLE', { payType: body.payType });
    const id = `r-${randomUUID()}`;
    const { doc, trade } = await this.db.transaction(async (tx) => {
      await lockInvoices(tx, ids);
      const invoices = await payableInvoices(tx, this.registry, ids, user, lang);
      const open = await openOrdersFor(tx, ids);
      if (open.length) {
        const { rows } = await tx.query<{ no: string }>(`select doc->>'orderNo' as no from records where id = any($1::text[])`, [open]);
        throw new ApiError(409, 'PAYMENT_ORDER_EXISTS', { orderNo: rows.map((r) => r.no).join(', ') });
      }
      const amountFen = invoices.reduce((sum, i) => sum + i.balanceFen, 0);
      const submitted = new Date();
      const doc = await this.service.createInside(tx, this.reg, {
        id,
        companyId: user.companyId,
        actorId: user.id,
        lang,
        doc: {
          payType: provider.id,
          amountFen,
          payable: fenToYuan(amountFen),
          currency: 'CNY',
          invoiceIds: invoices.map((i) => i.id),
          invoiceNos: invoices.map((i) => i.no),
          expiresAt: new Date(submitted.getTime() + PAYMENT_WINDOW_MS).toISOString(),
        },
      });
      const trade: Trade = { tradeNo: String(doc.orderNo), orderId: id, provider: provider.id, attempt: 1, amountFen };
      await insertTrade(tx, trade);
      return { doc, trade };
    });
    const start = await this.startTrade(provider, trade, doc, lang);
    return { order: await this.service.get(this.reg, id, user), start, sandbox: this.isSandbox(provider.id) };
  }

  /** Starts a trade at its provider (outside the order's transaction: a provider call may be slow); a sandbox's page opens in the payer's language. */
  private async startTrade(provider: PaymentProvider, trade: Trade, doc: Doc, lang: Language): Promise<PayStart> {
    try {
      const start = await provider.start({
        orderNo: trade.tradeNo,
        amountFen: trade.amountFen,
        currency: 'CNY',
        subject: `${String(doc.orderNo)} ${((doc.invoiceNos as string[] | undefined) ?? []).join(' ')}`.slice(0, 128),
        notifyUrl: this.notifyUrl(provider.id),
        returnUrl: this.returnUrl(provider, trade.orderId),
        expiresAt: new Date(String(doc.expiresAt)),
      });
      return this.isSandbox(provider.id) ? withSandboxLanguage(start, lang) : start;
    } catch (err) {
      console.error(`payment: starting ${trade.tradeNo} at ${provider.id} failed`, err);
      throw new ApiError(409, 'PAYMENT_GATEWAY_FAILED');
    }
  }

  /**
   * Pays an open order (again): a failed order is moved back to waiting (RETRY, the payer's
   * action) with a new trade, as is a waiting order whose last trade failed; else the current
   * trade is started again (the provider's page for the same trade number).
   */
  async pay(user: SessionUser, id: string, lang: Language): Promise<OrderAndStart> {
    if (!hasPermission(user.permissionMap, PAY_PERMISSION)) throw new ApiError(403, 'FORBIDDEN', { permission: PAY_PERMISSION });
    const { trade, doc, provider } = await this.db.transaction(async (tx) => {
      const order = await getRecord(tx, this.reg, id, scopeOf(user), true);
      if (!order || order.companyId !== user.companyId) throw new ApiError(404, 'NOT_FOUND');
      const state = order.states.$status;
      if (!OPEN_STATES.includes(state as (typeof OPEN_STATES)[number])) throw new ApiError(409, 'PAYMENT_ORDER_NOT_PAYABLE', { state: this.stateLabel(order, lang) });
      const provider = this.provider(String(order.doc.payType));
      if (!provider) throw new ApiError(400, 'PAYMENT_TYPE_UNAVAILABLE', { payType: String(order.doc.payType) });
      if (state === 'failed') await this.service.sendInside(tx, this.reg, id, { type: 'RETRY', payload: {} }, user.id);
      const { rows } = await tx.query<{ trade_no: string; attempt: number; status: string }>(
        'select trade_no, attempt, status from payment_trades where order_id = $1 order by attempt desc limit 1',
        [id],
      );
      const last = rows[0]!;
      let trade: Trade = { tradeNo: last.trade_no, orderId: id, provider: provider.id, attempt: last.attempt, amountFen: Number(order.doc.amountFen) };
      if (last.status !== 'open') {
        const attempt = last.attempt + 1;
        trade = { ...trade, tradeNo: `${String(order.doc.orderNo)}R${attempt}`, attempt };
        await insertTrade(tx, trade);
      }
      return { trade, doc: order.doc, provider };
    });
    const start = await this.startTrade(provider, trade, doc, lang);
    return { order: await this.service.get(this.reg, id, user), start, sandbox: this.isSandbox(provider.id) };
  }

  /**
   * The order as the return page shows it: when it is still open, the server asks the provider
   * (the order query: the fallback when no notify came) and applies the answer first.
   */
  async outcome(user: SessionUser, id: string): Promise<EntityRecord & { sandbox: boolean }> {
    let order = await this.service.get(this.reg, id, user);
    if (OPEN_STATES.includes(order.states.$status as (typeof OPEN_STATES)[number])) {
      await this.reconcile(id);
      order = await this.service.get(this.reg, id, user);
    }
    return { ...order, sandbox: this.isSandbox(order.doc.payType) };
  }

  /** Runs the order query for an order's current trade and applies what it says. */
  async reconcile(orderId: string): Promise<Applied> {
    const { rows } = await this.db.query<{ trade_no: string }>(
      "select trade_no from payment_trades where order_id = $1 and status = 'open' order by attempt desc limit 1",
      [orderId],
    );
    const tradeNo = rows[0]?.trade_no;
    const trade = tradeNo ? await tradeByNo(this.db, tradeNo) : undefined;
    const provider = trade && this.provider(trade.provider);
    if (!trade || !provider) return 'unchanged';
    let result: QueryResult;
    try {
      result = await provider.query(trade.tradeNo, await this.refOf(this.db, trade.orderId, trade.provider));
    } catch (err) {
      console.error(`payment: query of ${trade.tradeNo} failed`, err);
      return 'unchanged';
    }
    if (result.status === 'paid' && result.amountFen !== undefined && result.providerTradeNo) {
      return this.apply(trade, { orderNo: trade.tradeNo, providerTradeNo: result.providerTradeNo, amountFen: result.amountFen, outcome: 'paid', fields: {} });
    }
    if (result.status === 'closed' || result.status === 'failed') {
      return this.apply(trade, { orderNo: trade.tradeNo, providerTradeNo: result.providerTradeNo ?? '', amountFen: result.amountFen ?? 0, outcome: 'failed', fields: { status: result.status } });
    }
    return 'unchanged';
  }

  /**
   * A provider's asynchronous notify: verified by the adapter (signature, app and merchant ids),
   * logged with its trade, checked against the order (trade known, same provider, amount) and
   * applied once; the provider gets its protocol's answer. The same notify twice changes nothing.
   */
  async notify(providerId: string, req: NotifyRequest): Promise<{ status: number; contentType: string; body: string }> {
    const provider = this.provider(providerId);
    if (!provider) throw new ApiError(404, 'UNKNOWN_PAYMENT_PROVIDER', { provider: providerId });
    const result = await provider.verifyNotify(req);
    const tradeNo = result.verified?.orderNo ?? result.orderNo ?? '';
    const log = (ok: boolean, note: string) => logExchange(this.db, { provider: provider.id, orderNo: tradeNo, direction: 'in', kind: 'notify', body: req.rawBody, ok, note });
    if (!result.verified) {
      await log(false, result.error ?? 'not verified');
      return result.reply;
    }
    const trade = await tradeByNo(this.db, tradeNo);
    if (!trade || trade.provider !== provider.id) {
      await log(false, 'unknown trade');
      return result.refuse;
    }
    const applied = await this.apply(trade, result.verified);
    await log(applied !== 'rejected', applied);
    return applied === 'rejected' ? result.refuse : result.reply;
  }

  /**
   * The provider's signed word carried by the browser on its way back (UnionPay's front notify):
   * handled as a notify when the provider is known and returns that way; anything else is ignored,
   * since the return page asks for the real outcome anyway.
   */
  async frontReturn(providerId: string, req: NotifyRequest): Promise<void> {
    if (!this.provider(providerId)?.returnsByPost) return;
    await this.notify(providerId, req);
  }

  /** Applies the provider's word on a trade to its order, in one transaction (the order's row locked). */
  private async apply(trade: Trade, word: VerifiedNotify): Promise<Applied> {
    const applied = await this.db.transaction((tx) => this.applyIn(tx, trade, word));
    if (applied === 'paid' || applied === 'failed') await this.effects.afterCommit();
    return applied;
  }

  private async applyIn(tx: Queryable, trade: Trade, word: VerifiedNotify): Promise<Applied> {
    const reg = this.reg;
    const order = await getRecord(tx, reg, trade.orderId, { all: true }, true);
    if (!order) return 'rejected';
    const payer = (await creatorOf(tx, order.id)) ?? order.createdBy;
    if (word.outcome === 'paid') {
      // The amount is checked against the order (the trade carries it) before the machine is asked.
      if (word.amountFen !== trade.amountFen) return 'rejected';
      const state = order.states.$status;
      if (state === 'success' || state === 'paidAfterCancel' || state === 'refunded') return 'unchanged';
      await tx.query("update payment_trades set status = 'paid' where trade_no = $1", [trade.tradeNo]);
      const payload = { paidFen: word.amountFen, orderFen: Number(order.doc.amountFen), payTime: new Date().toISOString(), providerTradeNo: word.providerTradeNo.slice(0, 64) };
      const moved = await this.service.sendInside(tx, reg, order.id, { type: 'PAYMENT_NOTIFIED', payload }, payer);
      if (!moved) return 'rejected';
      // A payment after the cancellation is recorded for staff to refund; the invoices stay unpaid.
      if (state !== 'cancelled') await recordInvoicesPaid(tx, this.service, this.registry, order, payer);
      return 'paid';
    }
    const { rows: closed } = await tx.query("update payment_trades set status = 'failed' where trade_no = $1 and status = 'open' returning trade_no", [trade.tradeNo]);
    if (!closed.length || order.states.$status !== 'waitingForPayment') return 'unchanged';
    const reason = (word.fields.trade_status || word.fields.status || 'failed').slice(0, 200);
    await this.service.sendInside(tx, reg, order.id, { type: 'PAYMENT_FAILED', payload: { reason, failReason: reason } }, payer);
    return 'failed';
  }

  /** The exchanges of an order the user may read, with its trades. */
  async exchanges(user: SessionUser, id: string) {
    const order = await this.service.get(this.reg, id, user);
    const { rows } = await this.db.query<{ trade_no: string; attempt: number; status: string; provider: string }>(
      'select trade_no, attempt, status, provider from payment_trades where order_id = $1 order by attempt',
      [id],
    );
    const trades = rows.map((r) => ({ tradeNo: r.trade_no, attempt: r.attempt, status: r.status, provider: r.provider }));
    return { trades, exchanges: await exchangesOfOrder(this.db, id), sandbox: this.isSandbox(order.doc.payType) };
  }

  /**
   * The outside call of the `closeAtProvider` effect (no transaction open: the effect is leased):
   * the open trades of a cancelled order are closed at the provider. A trade the provider will not
   * close is asked after: paid meanwhile (its payment is applied to the order, Paid after
   * cancellation, for staff to refund), or closed already (an earlier attempt whose outcome was
   * not written); anything else throws, to be tried again.
   */
  async closeAtProvider(db: Queryable, orderId: string): Promise<ClosedTrade[]> {
    const { rows } = await db.query<{ trade_no: string }>("select trade_no from payment_trades where order_id = $1 and status = 'open' order by attempt", [orderId]);
    const outcomes: ClosedTrade[] = [];
    for (const { trade_no } of rows) {
      const trade = (await tradeByNo(db, trade_no))!;
      const provider = this.provider(trade.provider);
      if (!provider) continue;
      const ref = await this.refOf(db, orderId, trade.provider);
      try {
        await provider.close(trade.tradeNo, ref);
        outcomes.push({ trade, kind: 'closed' });
      } catch (err) {
        const found = await provider.query(trade.tradeNo, ref);
        if (found.status === 'closed') outcomes.push({ trade, kind: 'closed' });
        else if (found.status === 'paid' && found.amountFen !== undefined && found.providerTradeNo) outcomes.push({ trade, kind: 'paid', providerTradeNo: found.providerTradeNo, amountFen: found.amountFen });
        else throw err;
      }
    }
    return outcomes;
  }

  /** In the effect worker's second transaction: what closing found is written to the trades and the order. */
  async applyClosed(tx: Queryable, outcomes: readonly ClosedTrade[]): Promise<void> {
    for (const o of outcomes) {
      if (o.kind === 'closed') await tx.query("update payment_trades set status = 'closed' where trade_no = $1 and status = 'open'", [o.trade.tradeNo]);
      else await this.applyIn(tx, o.trade, { orderNo: o.trade.tradeNo, providerTradeNo: o.providerTradeNo, amountFen: o.amountFen, outcome: 'paid', fields: {} });
    }
  }

  /**
   * The outside call of the `refundAtProvider` effect (no transaction open): the paid trade is
   * refunded in full, under one refund number per trade so a retry is the same refund.
   */
  async refundAtProvider(db: Queryable, orderId: string, reason: string): Promise<void> {
    const { rows } = await db.query<{ trade_no: string }>("select trade_no from payment_trades where order_id = $1 and status = 'paid' order by attempt desc limit 1", [orderId]);
    const trade = rows[0] && (await tradeByNo(db, rows[0].trade_no));
    if (!trade) throw new Error(`payment order ${orderId} has no paid trade to refund`);
    const provider = this.provider(trade.provider);
    if (!provider) throw new Error(`payment provider ${trade.provider} is not offered`);
    await provider.refund(trade.tradeNo, trade.amountFen, reason || 'refund', await this.refOf(db, orderId, trade.provider));
  }
}

/** What the provider said of a cancelled order's open trade: closed, or paid before it could close. */
export type ClosedTrade = { trade: Trade } & ({ kind: 'closed' } | { kind: 'paid'; providerTradeNo: string; amountFen: number });
