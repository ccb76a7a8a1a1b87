import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticRegistry, machines } from '../../engine/index.ts';
import { prepareDatabase } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { queueEffects, listEffects } from '../../server/effects/effects-repo.ts';
import { EffectRunner, MAX_EFFECT_ATTEMPTS, type EffectHandler } from '../../server/effects/runner.ts';
import { decide, record } from '../../server/machines/transitions.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';

/** A handler that records each run in `effect_runs` and fails its first `failures` runs. */
function countingHandler(failures = 0): EffectHandler & { runs: number } {
  const handler = {
    runs: 0,
    accepts: () => undefined,
    async run(tx: Parameters<EffectHandler['run']>[0], effect: Parameters<EffectHandler['run']>[1]) {
      handler.runs += 1;
      if (handler.runs <= failures) throw new Error(`gateway down (${handler.runs})`);
      await tx.query('insert into effect_runs (effect_id) values ($1)', [effect.id]);
      // Gives a second worker the chance to reach the same row while this one holds it.
      await new Promise((r) => setTimeout(r, 10));
    },
  };
  return handler;
}

const subject = { kind: 'test', id: 'subject-1' };

/** Issue 12 item 4: a transition's effects are written with it, run after commit, retried, and run once. */
describe.each(BACKENDS)('the effects outbox on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;
  let url: string | undefined;
  beforeAll(async () => {
    ({ db, drop, url } = await freshDatabase(backend));
    await prepareDatabase(db, createStaticRegistry());
    await db.exec('create table effect_runs (effect_id bigint not null)');
  });
  afterAll(() => drop());

  const rows = async () => (await db.query<{ kind: string; status: string; attempts: number }>('select kind, status, attempts from effects order by id')).rows;
  const runs = async () => (await db.query<{ n: number; distinct_n: number }>('select count(*)::int as n, count(distinct effect_id)::int as distinct_n from effect_runs')).rows[0]!;

  it('writes the effects a transition declares in its transaction: rolled back, neither the audit row nor the effect is left', async () => {
    const approved = () =>
      decide({ machine: machines.accountApproval, subject: { kind: 'account', id: 'u-rollback' }, snapshot: machines.accountApproval.getPersistedSnapshot(machines.accountApproval.resolveState({ value: 'emailConfirmed', context: {} })) as never, event: { type: 'APPROVE', companyAdmin: true }, lang: 'en-US' });
    expect(approved().effects).toEqual([{ kind: 'notify', params: { event: 'accountApproved' } }]);
    await expect(
      db.transaction(async (tx) => {
        await record(tx, approved(), null);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await listEffects(db, 'account', 'u-rollback')).toEqual([]);
    expect((await db.query("select * from audit where record_id = 'u-rollback'")).rows).toEqual([]);
    await db.transaction((tx) => record(tx, approved(), null));
    expect((await listEffects(db, 'account', 'u-rollback')).map((e) => [e.kind, e.machine, e.status, e.params])).toEqual([
      ['notify', 'accountApproval', 'pending', { event: 'accountApproved' }],
    ]);
    await db.query("delete from effects where subject_id = 'u-rollback'");
  });

  it('retries an effect whose handler fails, with growing waits, until it is done', async () => {
    const flaky = countingHandler(2);
    const runner = new EffectRunner(db, { flaky });
    await db.transaction((tx) => queueEffects(tx, 'test', subject, [{ kind: 'flaky', params: { n: 1 } }]));
    expect(await runner.runDue()).toBe(0);
    const waits: number[] = [];
    for (const expected of [1, 2]) {
      const { rows: r } = await db.query<{ status: string; attempts: number; wait: number; last_error: string }>(
        "select status, attempts, extract(epoch from (next_attempt_at - now()))::int as wait, last_error from effects where kind = 'flaky'",
      );
      expect(r[0]).toMatchObject({ status: 'pending', attempts: expected, last_error: `gateway down (${expected})` });
      waits.push(r[0]!.wait);
      expect(await runner.runDue(), 'not due yet').toBe(0);
      await db.query("update effects set next_attempt_at = now() where kind = 'flaky'");
      if (expected === 1) expect(await runner.runDue()).toBe(0);
    }
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(await runner.runDue()).toBe(1);
    expect((await rows()).filter((r) => r.kind === 'flaky')).toEqual([{ kind: 'flaky', status: 'done', attempts: 3 }]);
    expect(flaky.runs).toBe(3);
  });

  it('fails an effect for good after the last attempt, and at once when no handler runs its kind', async () => {
    const runner = new EffectRunner(db, { broken: countingHandler(Number.MAX_SAFE_INTEGER) });
    await db.transaction((tx) => queueEffects(tx, 'test', subject, [{ kind: 'broken', params: {} }, { kind: 'unheard', params: {} }]));
    await db.query(`update effects set attempts = ${MAX_EFFECT_ATTEMPTS - 1} where kind = 'broken'`);
    await runner.runDue();
    expect((await rows()).filter((r) => r.kind !== 'flaky')).toEqual([
      { kind: 'broken', status: 'failed', attempts: MAX_EFFECT_ATTEMPTS },
      { kind: 'unheard', status: 'failed', attempts: 1 },
    ]);
  });

  it('runs each effect exactly once with two workers on two connections', async () => {
    await db.query('delete from effect_runs');
    const second = url ? await openDatabase({ databaseUrl: url }) : db;
    try {
      const effects = Array.from({ length: 40 }, (_, n) => ({ kind: 'count', params: { n } }));
      await db.transaction((tx) => queueEffects(tx, 'test', subject, effects));
      const [a, b] = [new EffectRunner(db, { count: countingHandler() }), new EffectRunner(second, { count: countingHandler() })];
      const done = await Promise.all([a.runDue(), b.runDue()]);
      expect(done[0] + done[1]).toBe(40);
      if (url) expect(Math.min(...done), 'both workers took part').toBeGreaterThan(0);
      expect(await runs()).toEqual({ n: 40, distinct_n: 40 });
      expect((await rows()).filter((r) => r.kind === 'count').every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    } finally {
      if (second !== db) await second.close();
    }
  });
});
