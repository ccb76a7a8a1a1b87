import type { PaymentExchange } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';
import type { PaymentTypeId, ProviderExchange } from './provider.ts';

/** The states of an order still waiting for its payment (the payment-order machine's `open` region). */
export const OPEN_STATES = ['waitingForPayment', 'failed'] as const;

export interface Trade {
  tradeNo: string;
  orderId: string;
  provider: PaymentTypeId;
  attempt: number;
  amountFen: number;
}

/** A provider trade of an order (migration 022): the number the provider knows the attempt by. */
export async function insertTrade(tx: Queryable, t: Trade): Promise<void> {
  await tx.query('insert into payment_trades (trade_no, order_id, provider, attempt, amount_fen) values ($1, $2, $3, $4, $5)', [
    t.tradeNo,
    t.orderId,
    t.provider,
    t.attempt,
    t.amountFen,
  ]);
}

export async function tradeByNo(db: Queryable, tradeNo: string): Promise<Trade | undefined> {
  const { rows } = await db.query<{ trade_no: string; order_id: string; provider: PaymentTypeId; attempt: number; amount_fen: string | number }>(
    'select trade_no, order_id, provider, attempt, amount_fen from payment_trades where trade_no = $1',
    [tradeNo],
  );
  const r = rows[0];
  return r && { tradeNo: r.trade_no, orderId: r.order_id, provider: r.provider, attempt: r.attempt, amountFen: Number(r.amount_fen) };
}

/** Logs one exchange with a provider (on its own: provider calls are made with no transaction open). */
export async function logExchange(db: Queryable, e: ProviderExchange & { note?: string }): Promise<void> {
  await db.query('insert into payment_exchanges (trade_no, provider, direction, kind, body, ok, note) values ($1, $2, $3, $4, $5, $6, $7)', [
    e.orderNo.slice(0, 64),
    e.provider,
    e.direction,
    e.kind,
    e.body.slice(0, 20_000),
    e.ok,
    e.note ?? null,
  ]);
}


/** Every exchange of an order's trades, oldest first. */
export async function exchangesOfOrder(db: Queryable, orderId: string): Promise<PaymentExchange[]> {
  const { rows } = await db.query<{ id: number; trade_no: string; provider: string; direction: 'out' | 'in'; kind: string; body: string; ok: boolean; note: string | null; at: Date | string }>(
    `select e.id::int as id, e.trade_no, e.provider, e.direction, e.kind, e.body, e.ok, e.note, e.at
       from payment_exchanges e join payment_trades t on t.trade_no = e.trade_no
      where t.order_id = $1 order by e.id`,
    [orderId],
  );
  return rows.map((r) => ({ id: r.id, tradeNo: r.trade_no, provider: r.provider, direction: r.direction, kind: r.kind, body: r.body, ok: r.ok, note: r.note, at: isoTime(r.at) }));
}

/** The open orders holding any of these invoices (the check behind 'payment order exists'). */
export async function openOrdersFor(tx: Queryable, invoiceIds: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from records where entity = 'paymentOrder' and state = any($1::text[]) and (doc->'invoiceIds') ?| $2::text[]`,
    [OPEN_STATES, invoiceIds],
  );
  return rows.map((r) => r.id);
}

/** Serializes order submissions per invoice (advisory locks held to the end of the transaction, taken in order). */
export async function lockInvoices(tx: Queryable, invoiceIds: readonly string[]): Promise<void> {
  for (const id of [...invoiceIds].sort()) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`payment:${id}`]);
}

/** Who made a record (the payer of an order: the audit's actor for the provider's events). */
export async function creatorOf(tx: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ created_by: string }>('select created_by from records where id = $1', [id]);
  return rows[0]?.created_by;
}
