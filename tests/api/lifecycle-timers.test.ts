import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { userByAccount } from '../../server/auth/sessions.ts';
import { EntityService } from '../../server/entities/service.ts';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';
import { TIMER_EVENT, timedRegistry } from '../fixtures/timed-entity.ts';
import { fireWithTwoProcesses } from '../support/fire-timers.ts';

const repo = resolve(import.meta.dirname, '../..');
type Opened = { db: Database; drop(): Promise<void>; url?: string };

async function open(kind: 'pglite' | 'postgres', opened: Opened | Promise<Opened> = freshDatabase(kind)) {
  opened = await opened;
  const registry = timedRegistry();
  await prepareDatabase(opened.db, registry);
  await seedDemoAccounts(opened.db);
  const user = (await userByAccount(opened.db, 'applicant'))!;
  const service = new EntityService(opened.db);
  const reg = registry.get('timedCheck');
  /** A record made and started through the service, as a user would through the API. */
  const started = async (title: string) => {
    const made = await service.create(reg, { doc: { title } }, user, 'en-US');
    const moved = await service.send(reg, made.id, { type: 'START', version: 1 }, user, 'en-US');
    return 'id' in moved ? moved : expect.unreachable();
  };
  const timersOf = async (id: string) =>
    (await opened.db.query<{ timers: { event: string; due: string }[]; due: Date | string | null }>('select timers, timer_due_at as due from records where id = $1', [id])).rows[0]!;
  const makeDue = () => opened.db.query("update records set timer_due_at = now() - interval '1 second' where timer_due_at is not null");
  const timerAudits = async () => (await opened.db.query<{ n: number }>('select count(*)::int as n from audit where event = $1', [TIMER_EVENT])).rows[0]!.n;
  return { ...opened, registry, user, service, reg, started, timersOf, makeDue, timerAudits };
}

/** Issue 12 item 4: an `after` in an entity machine is run by the server, durably. */
describe.each(BACKENDS)('lifecycle timers on %s', (backend) => {
  let t: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    t = await open(backend);
  });
  afterAll(() => t?.drop());

  it('stores the due time with the record when a state with `after` is entered, and fires it once through the audited transition', async () => {
    const record = await t.started('Drop test');
    const stored = await t.timersOf(record.id);
    expect(stored.timers.map((x) => x.event)).toEqual([TIMER_EVENT]);
    const dueIn = new Date(stored.due!).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(14 * 60_000);
    expect(dueIn).toBeLessThanOrEqual(15 * 60_000);
    expect(await fireDueTimers(t.db, t.registry)).toBe(0);

    await t.makeDue();
    expect(await fireDueTimers(t.db, t.registry)).toBe(1);
    const after = await t.service.get(t.reg, record.id, t.user);
    expect([after.states.$status, after.version]).toEqual(['expired', 3]);
    expect(await t.timersOf(record.id)).toEqual({ timers: [], due: null });
    const { rows } = await t.db.query<{ kind: string; actor_id: string | null; to_states: Record<string, string> }>(
      'select kind, actor_id, to_states from audit where record_id = $1 and event = $2',
      [record.id, TIMER_EVENT],
    );
    expect(rows).toEqual([{ kind: 'event', actor_id: null, to_states: { $status: 'expired' } }]);
    expect(await fireDueTimers(t.db, t.registry)).toBe(0);
  });

  it('cancels the timer when the state is left first', async () => {
    const record = await t.started('Finished in time');
    await t.service.send(t.reg, record.id, { type: 'FINISH', version: 2 }, t.user, 'en-US');
    expect(await t.timersOf(record.id)).toEqual({ timers: [], due: null });
  });
});

describe('lifecycle timers across a restart of the embedded database', () => {
  it('fires a timer stored before the restart', async () => {
    mkdirSync(join(repo, '.tmp'), { recursive: true });
    const dataDir = mkdtempSync(join(repo, '.tmp', 'pglite-'));
    try {
      const before = await open('pglite', openDatabase({ dataDir }).then((db) => ({ db, drop: () => db.close() })));
      const record = await before.started('Across a restart');
      await before.drop();
      const after = await openDatabase({ dataDir });
      try {
        await after.query('update records set timer_due_at = now() where id = $1', [record.id]);
        expect(await fireDueTimers(after, timedRegistry())).toBe(1);
        const { rows } = await after.query<{ status: string }>("select states->>'$status' as status from records where id = $1", [record.id]);
        expect(rows).toEqual([{ status: 'expired' }]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Two server processes on one PostgreSQL: 200 records due, each process fires what it claims
 * (`for update skip locked`), and the timers were stored before either process started, as
 * after a restart. Exactly 200 firings.
 */
describe.runIf(BACKENDS.includes('postgres'))('lifecycle timers with two server processes', () => {
  let t: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    t = await open('postgres');
  });
  afterAll(() => t?.drop());

  it('fires 200 due timers exactly 200 times', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push((await t.started(`Check ${i}`)).id);
    await t.makeDue();
    const fired = await fireWithTwoProcesses(t.url!);
    expect(fired[0]! + fired[1]!).toBe(200);
    expect(await t.timerAudits()).toBe(200);
    const { rows } = await t.db.query<{ status: string; n: number }>("select states->>'$status' as status, count(*)::int as n from records where entity = 'timedCheck' group by 1");
    expect(rows).toEqual([{ status: 'expired', n: 200 }]);
    expect(await fireDueTimers(t.db, t.registry)).toBe(0);
  });
});
