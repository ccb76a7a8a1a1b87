import { Gauge } from 'prom-client';
import type { Queryable } from '../db/database.ts';
import type { AppMetrics } from './metrics.ts';

/** How long a scrape's database figures are kept: scrapes closer together read them once. */
export const SCRAPE_CACHE_MS = 5_000;

/** Rows a queue's figures read at most (an index range): past it the depth reads as this. */
export const QUEUE_SCAN_LIMIT = 10_000;

/** Payment orders a scrape counts at most (an index-only scan of records_entity_state). */
export const PAYMENT_SCAN_LIMIT = 100_000;

/** Depth and age of each queue: its oldest rows in index order, at most QUEUE_SCAN_LIMIT of them. */
const QUEUES = {
  outbox: `select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
    from (select created_at from outbox where status = 'pending' order by next_attempt_at limit $1) q`,
  effects: `select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
    from (select created_at from effects where status = 'pending' order by next_attempt_at limit $1) q`,
  record_timers: `select count(*)::int as depth, coalesce(extract(epoch from now() - min(timer_due_at)), 0)::float8 as age
    from (select timer_due_at from records where timer_due_at <= now() order by timer_due_at limit $1) q`,
  notice_timers: `select count(*)::int as depth, coalesce(extract(epoch from now() - min(timer_due_at)), 0)::float8 as age
    from (select timer_due_at from notices where timer_due_at <= now() order by timer_due_at limit $1) q`,
} as const;

const PAYMENT_ORDERS = `select state, count(*)::int as n from (select state from records where entity = 'paymentOrder' limit $1) o group by state`;

interface Figures {
  queues: Record<keyof typeof QUEUES, { depth: number; age: number }>;
  paymentOrders: { state: string; n: number }[];
}

/** Reads every figure (a handful of bounded, indexed queries). */
async function readFigures(db: Queryable): Promise<Figures> {
  const queues = {} as Figures['queues'];
  for (const [name, sql] of Object.entries(QUEUES) as [keyof typeof QUEUES, string][]) {
    const { rows } = await db.query<{ depth: number; age: number }>(sql, [QUEUE_SCAN_LIMIT]);
    queues[name] = { depth: rows[0]?.depth ?? 0, age: Math.max(0, rows[0]?.age ?? 0) };
  }
  const { rows } = await db.query<{ state: string; n: number }>(PAYMENT_ORDERS, [PAYMENT_SCAN_LIMIT]);
  return { queues, paymentOrders: rows };
}

/**
 * The gauges read from the database on a scrape: the mail outbox's and the effects' depth and
 * age, the due timers and how late the most overdue is, payment orders by state, and whether the
 * database answered. Read at most every SCRAPE_CACHE_MS, once however many gauges ask.
 */
export function registerScrapeGauges(metrics: AppMetrics, db: Queryable): void {
  let cached: { at: number; figures: Promise<Figures | undefined> } | undefined;
  const figures = (): Promise<Figures | undefined> => {
    if (!cached || Date.now() - cached.at > SCRAPE_CACHE_MS) cached = { at: Date.now(), figures: readFigures(db).catch(() => undefined) };
    return cached.figures;
  };
  const registers = [metrics.registry];
  const queueGauge = (name: string, help: string, pick: (q: { depth: number; age: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      // The database's figures, the same in every process: a cluster's aggregation takes one, not their sum.
      aggregator: 'max',
      async collect() {
        const f = await figures();
        this.reset();
        if (f) for (const [queue, q] of Object.entries(f.queues)) this.set({ queue }, pick(q));
      },
    });
  queueGauge('portico_queue_depth', `Rows waiting in a queue: outbox (pending mail), effects (pending), record_timers and notice_timers (due now); at most ${QUEUE_SCAN_LIMIT}`, (q) => q.depth);
  queueGauge('portico_queue_age_seconds', 'Age of the oldest waiting row (outbox, effects: since queued; timers: since due, their lag)', (q) => q.age);
  new Gauge({
    name: 'portico_payment_orders',
    help: `Payment orders by state (of the first ${PAYMENT_SCAN_LIMIT})`,
    labelNames: ['state'] as const,
    registers,
    aggregator: 'max',
    async collect() {
      const f = await figures();
      this.reset();
      for (const o of f?.paymentOrders ?? []) this.set({ state: o.state || 'none' }, o.n);
    },
  });
  new Gauge({
    name: 'portico_database_up',
    help: 'Whether the database answered the last scrape’s queries (1) or not (0)',
    registers,
    aggregator: 'min',
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
}
