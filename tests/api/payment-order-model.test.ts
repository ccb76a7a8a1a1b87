import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, createStaticRegistry, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { openDatabase } from '../../server/db/database.ts';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { fenToYuan } from '../../server/payments/money.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { paymentDriver } from '../support/payments.ts';
import { fireWithTwoProcesses } from '../support/fire-timers.ts';
import { modelOf, traverse } from '../model/harness.ts';

const repo = resolve(import.meta.dirname, '../..');

/**
 * Model-based: every transition case of the payment-order machine (tests/model/harness.ts)
 * replayed against the API, each event arriving the way it does in the product — the payer's
 * order (a fresh invoice each case), Alipay's signed notify from the sandbox (paid, wrong
 * amount, closed), the payer's pay again and cancel, staff's refund, and the 15-minute timer
 * fired by the timer worker once made due (the controllable clock). After every step the stored
 * state is the model's.
 */
describe.each(BACKENDS)('payment-order machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let payer: string;
  let p: ReturnType<typeof paymentDriver>;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    payer = await h.login('applicant');
    p = paymentDriver(h, { staff, payer });
  });
  afterAll(() => h.close());

  it('replays every transition case; the stored state follows the model', async () => {
    const reg = h.registry.get('paymentOrder');
    const machine = machines.paymentOrder;
    const cases = traverse(modelOf('paymentOrder', machine, reg.entity.actions)).cases;
    expect(cases.length).toBeGreaterThan(8);
    for (const c of cases) {
      const invoice = await p.invoice(10000 + cases.indexOf(c));
      const made = await p.submit([invoice.id]);
      expect(made.status, `${c.name}: ${JSON.stringify(made.body)}`).toBe(201);
      const id = made.body.data.order.id as string;
      let trade = await p.openPayPage(made.body.data.start);
      let model: PersistedSnapshot = initialSnapshot(machine);
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        const next = applyEvent(machine, model, event as never);
        const current = await p.order(id);
        if (type === 'PAYMENT_NOTIFIED' && payload.paidFen === payload.orderFen && current.states.$status === 'waitingForPayment') {
          // The payer pays on Alipay's page: its signed notify follows.
          await p.press(trade, 'pay');
        } else if (type === 'PAYMENT_NOTIFIED') {
          const matching = payload.paidFen === payload.orderFen;
          const amount = matching ? fenToYuan(invoice.balance) : '0.01';
          await p.notify(p.sandbox.notifyBody(trade, { trade_status: 'TRADE_SUCCESS', total_amount: amount }));
        } else if (type === 'PAYMENT_FAILED') {
          await p.notify(p.sandbox.notifyBody(trade, { trade_status: 'TRADE_CLOSED' }));
        } else if (type === 'RETRY') {
          const res = await h.call({ method: 'POST', url: `/api/payments/orders/${id}/pay`, token: payer });
          expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
          trade = await p.openPayPage(res.body.data.start);
        } else if (type.startsWith('xstate.after.')) {
          await h.db.query("update records set timer_due_at = now() - interval '1 second' where id = $1", [id]);
          expect(await fireDueTimers(h.db, h.registry), c.name).toBe(1);
          await h.app.effects.runDue();
        } else {
          const res = await p.send(id, current.version, type, payload, type === 'REFUND' ? staff : payer);
          expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(next ? 200 : 409);
        }
        model = next ?? model;
        expect((await p.order(id)).states, `${c.name} after ${type}`).toEqual(stateFields(reg.entity.lifecycle!.regions, model));
      }
    }
    console.log(`payment-order machine replayed against the API (${backend}): ${cases.length} transition cases`);
  });

  // Registered on PostgreSQL only (PGlite is one process): no skipped test on the other backend.
  if (backend === 'postgres') {
    it('fires the 15-minute timer once with two server processes on one database', async () => {
      const invoice = await p.invoice();
      const made = await p.submit([invoice.id]);
      const id = made.body.data.order.id as string;
      const second = await openDatabase({ databaseUrl: h.url });
      try {
        await h.db.query("update records set timer_due_at = now() - interval '1 second' where id = $1", [id]);
        const fired = await Promise.all([fireDueTimers(h.db, h.registry), fireDueTimers(second, h.registry)]);
        expect(fired[0]! + fired[1]!).toBeGreaterThanOrEqual(1);
        const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from audit where record_id = $1 and event like 'xstate.after.%'", [id]);
        expect(rows[0]!.n).toBe(1);
        expect((await p.order(id)).states.$status).toBe('cancelled');
      } finally {
        await second.close();
      }
    });
  }
});

/** The order's 15-minute timer is stored with it: a server restarted while the order is open still cancels it on time. */
describe('a payment order open across a restart', () => {
  it('is cancelled by the timer after the restart, and its trade closed', async () => {
    mkdirSync(join(repo, '.tmp'), { recursive: true });
    const dataDir = mkdtempSync(join(repo, '.tmp', 'pay-restart-'));
    const start = async () => ApiHarness.onDatabase(await openDatabase({ dataDir }), createStaticRegistry());
    try {
      const first = await start();
      const driver = paymentDriver(first, { staff: await first.login('staff'), payer: await first.login('applicant') });
      const invoice = await driver.invoice();
      const made = await driver.submit([invoice.id]);
      expect(made.status).toBe(201);
      const id = made.body.data.order.id as string;
      await driver.openPayPage(made.body.data.start);
      await first.close();

      const second = await start();
      try {
        expect(await fireDueTimers(second.db, second.registry)).toBe(0);
        await second.db.query("update records set timer_due_at = now() - interval '1 second' where id = $1", [id]);
        expect(await fireDueTimers(second.db, second.registry)).toBe(1);
        await second.app.effects.runDue();
        const { rows } = await second.db.query<{ status: string; trade: string }>(
          "select r.states->>'$status' as status, t.status as trade from records r join payment_trades t on t.order_id = r.id where r.id = $1",
          [id],
        );
        expect(rows).toEqual([{ status: 'cancelled', trade: 'closed' }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Two server processes on one PostgreSQL, the order's timer due: each process fires what it
 * claims (`for update skip locked`), so the order is cancelled once and its trade closed once.
 */
describe.runIf(BACKENDS.includes('postgres'))('a payment order due with two server processes', () => {
  it('is cancelled once and its trade closed once', async () => {
    const h = await ApiHarness.start('postgres');
    try {
      const p = paymentDriver(h, { staff: await h.login('staff'), payer: await h.login('applicant') });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const made = await p.submit([(await p.invoice()).id]);
        expect(made.status).toBe(201);
        await p.openPayPage(made.body.data.start);
        ids.push(made.body.data.order.id as string);
      }
      await h.db.query("update records set timer_due_at = now() - interval '1 second' where id = any($1)", [ids]);
      const fired = await fireWithTwoProcesses(h.url!, 'portal');
      expect(fired[0]! + fired[1]!).toBe(5);
      expect(await fireDueTimers(h.db, h.registry)).toBe(0);
      await h.app.effects.runDue();
      const { rows } = await h.db.query<{ status: string; trade: string }>(
        "select r.states->>'$status' as status, t.status as trade from records r join payment_trades t on t.order_id = r.id where r.id = any($1)",
        [ids],
      );
      expect(rows).toEqual(ids.map(() => ({ status: 'cancelled', trade: 'closed' })));
      const closes = await h.db.query<{ n: number }>("select count(*)::int as n from payment_exchanges where kind = 'close' and direction = 'out'");
      expect(closes.rows[0]!.n).toBe(5);
    } finally {
      await h.close();
    }
  });
});
