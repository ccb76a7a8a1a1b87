import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../server/entities/audit-repo.ts';
import { openDatabase } from '../../server/db/database.ts';
import { fireDueNoticeTimers } from '../../server/notices/notice-lifecycle.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Issue 12 item 4: maintenance notices start and finish on time through notice-schedule.machine.ts, durably and audited. */
describe.each(BACKENDS)('maintenance notice schedule on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
  });
  afterAll(() => h.close());

  const publish = async (start: number, finish: number) => {
    const res = await h.call({
      method: 'POST',
      url: '/api/notices',
      token: staff,
      payload: { startDateTime: iso(start), finishDateTime: iso(finish), publishRemark: { cn: '升级', en: 'Upgrade' } },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const stored = async (id: string) =>
    (await h.db.query<{ status: number; timers: { event: string; due: string }[]; due: Date | string | null }>('select final_publish_status as status, timers, timer_due_at as due from notices where id = $1', [id])).rows[0]!;
  /** The test's PostgreSQL schema, for a second connection (another server process). */
  const sameSchemaUrl = async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${(await h.db.query<{ s: string }>('select current_schema() as s')).rows[0]!.s}`);
    return url.toString();
  };
  /** Time passes: the notice's earliest timer is due now (its own due time stays the machine's clock). */
  const makeDue = (id: string) => h.db.query("update notices set timer_due_at = now() - interval '1 second' where id = $1", [id]);

  it('starts at the start time and finishes at the expected finish, each by its timer, audited with no actor', async () => {
    const start = Date.now() + HOUR;
    const finish = start + 2 * HOUR;
    const id = await publish(start, finish);
    const published = await stored(id);
    expect(published.status).toBe(1);
    expect(published.timers.map((t) => t.due)).toEqual([iso(start)]);
    expect(new Date(published.due!).toISOString()).toBe(iso(start));
    expect(await fireDueNoticeTimers(h.db)).toBe(0);

    await makeDue(id);
    expect(await fireDueNoticeTimers(h.db)).toBe(1);
    const started = await stored(id);
    expect(started.status).toBe(2);
    // Counted from the start's due time, not from when the worker ran: the finish stays on time.
    expect(started.timers.map((t) => t.due)).toEqual([iso(finish)]);
    expect((await h.call({ method: 'GET', url: '/api/sgs-im/im/getNotifyMsg' })).body.data).toMatchObject({ id, finalPublishStatus: 2 });

    await makeDue(id);
    expect(await fireDueNoticeTimers(h.db)).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 0, timers: [], due: null });
    const audit = await listAudit(h.db, 'notice', id);
    expect(audit.map((a) => [a.event?.startsWith('xstate.after.') ? 'timer' : a.event, a.fromStates?.status, a.toStates?.status, a.actorId === null])).toEqual([
      ['PUBLISH', 'draft', 'upcoming', false],
      ['timer', 'upcoming', 'inProgress', true],
      ['timer', 'inProgress', 'finished', true],
    ]);
  });

  it('is withdrawn by staff before it starts; the machine then refuses, in both languages', async () => {
    const id = await publish(Date.now() + HOUR, Date.now() + 2 * HOUR);
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/cancel`, token: staff })).body.data.finalPublishStatus).toBe(0);
    expect(await stored(id)).toMatchObject({ timers: [], due: null });
    const en = await h.call({ method: 'POST', url: `/api/notices/${id}/start`, token: staff, lang: 'en-US' });
    expect([en.status, en.body.message]).toEqual([409, '"Start now" is not possible while the record is "Withdrawn (0)"']);
    const zh = await h.call({ method: 'POST', url: `/api/notices/${id}/finish`, token: staff, lang: 'zh-CN' });
    expect(zh.body.message).toBe('当前状态“已撤回 (0)”下不能执行“立即结束”');
  });

  it('a notice started by hand finishes at its expected finish', async () => {
    const finish = Date.now() + 5 * HOUR;
    const id = await publish(Date.now() + HOUR, finish);
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/start`, token: staff })).status).toBe(200);
    expect((await stored(id)).timers.map((t) => t.due)).toEqual([iso(finish)]);
  });

  it('runs a notice stored before the machine (no snapshot) from its status', async () => {
    await h.db.query(
      `insert into notices (id, final_publish_status, start_date_time, finish_date_time, publish_remark)
       values ('old-notice', 1, now() + interval '1 hour', now() + interval '2 hours', '{"cn":"旧","en":"Old"}')`,
    );
    expect((await h.call({ method: 'POST', url: '/api/notices/old-notice/start', token: staff })).body.data.finalPublishStatus).toBe(2);
  });

  it('fires each due timer once with two workers on two connections', async () => {
    await h.db.query('update notices set timers = \'[]\', timer_due_at = null');
    const ids = [];
    for (let n = 0; n < 6; n += 1) ids.push(await publish(Date.now() + HOUR, Date.now() + 2 * HOUR));
    await h.db.query("update notices set timer_due_at = now() - interval '1 second' where id = any($1::text[])", [ids]);
    const second = backend === 'postgres' ? await openDatabase({ databaseUrl: await sameSchemaUrl() }) : h.db;
    try {
      const fired = await Promise.all([fireDueNoticeTimers(h.db), fireDueNoticeTimers(second)]);
      expect(fired[0] + fired[1]).toBe(6);
      for (const id of ids) expect((await listAudit(h.db, 'notice', id)).filter((a) => a.actorId === null)).toHaveLength(1);
    } finally {
      if (second !== h.db) await second.close();
    }
  });
});
