import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

type Row = { id: string } & Record<string, unknown>;

/** Issue 58 item 6: the administration screens' declared views and their actions, for staff only. */
describe.each(BACKENDS)('administration views on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const account of ['staff', 'admin', 'applicant']) tokens[account] = await h.login(account);
  }, 60_000);
  afterAll(() => h.close());

  const view = async (name: string, by = 'staff') => {
    const res = await h.call({ method: 'GET', url: `/api/admin/views/${name}`, token: tokens[by] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { columns: { name: string; type: string }[]; actions: string[]; rows: Row[]; limit: number };
  };
  const act = (name: string, id: string, action: string, by = 'staff') => h.call({ method: 'POST', url: `/api/admin/views/${name}/${encodeURIComponent(id)}/${action}`, token: tokens[by] });
  const audited = async (recordId: string, event: string) =>
    (await h.db.query("select actor_id from audit where entity = '$admin' and record_id = $1 and event = $2", [recordId, event])).rows;

  it('lists locked accounts to staff, who unlock one: its login works again, audited; others are refused 403', async () => {
    await h.db.query("insert into login_throttle (account_key, failures, locks, locked_until) values ('supplier', 5, 1, now() + interval '15 minutes')");
    const before = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'supplier', password: await h.encrypt('Portico#2024') } });
    expect(before.body.errorCode).toBe('USER_LOCKED');

    const locked = await view('lockedAccounts');
    expect(locked.actions).toEqual(['unlock']);
    expect(locked.columns.map((c) => c.name)).toEqual(['account', 'userName', 'companyName', 'failures', 'locks', 'lockedUntil']);
    expect(locked.rows).toEqual([expect.objectContaining({ id: 'supplier', account: 'supplier', userName: '李供应', failures: 5, locks: 1 })]);
    expect(Date.parse(String(locked.rows[0]!.lockedUntil))).toBeGreaterThan(Date.now());

    for (const [by, lang] of [['admin', 'zh-CN'], ['applicant', 'en-US']] as const) {
      const refused = await h.call({ method: 'GET', url: '/api/admin/views/lockedAccounts', token: tokens[by], lang });
      expect([refused.status, refused.body.message]).toEqual([403, message('FORBIDDEN', lang, { permission: 'admin:operations' })]);
      expect((await act('lockedAccounts', 'supplier', 'unlock', by)).status).toBe(403);
    }
    expect((await h.call({ method: 'GET', url: '/api/admin/views/lockedAccounts' })).status).toBe(401);

    expect((await act('lockedAccounts', 'supplier', 'unlock')).status).toBe(200);
    expect(await h.login('supplier')).toBeTruthy();
    expect((await view('lockedAccounts')).rows).toEqual([]);
    expect(await audited('lockedAccounts:supplier', 'unlock')).toHaveLength(1);
    // Handled already: nothing to unlock.
    expect((await act('lockedAccounts', 'supplier', 'unlock')).status).toBe(404);
  });

  it('lists failed mail; retry re-queues it, discard removes it, both audited', async () => {
    const { rows } = await h.db.query<{ id: string }>(
      `insert into outbox (to_address, subject, body, status, attempts, last_error) values
         ('one@example.com', 'First', 'Body', 'failed', 8, 'connection refused'), ('two@example.com', 'Second', 'Body', 'failed', 8, 'mailbox full'),
         ('three@example.com', 'Sent', 'Body', 'sent', 1, null)
       returning id::text as id`,
    );
    const [first, second, sent] = rows.map((r) => r.id);
    const failed = await view('failedMail');
    expect(failed.actions).toEqual(['retry', 'discard']);
    expect(failed.rows.map((r) => [r.id, r.to, r.lastError])).toEqual([[second, 'two@example.com', 'mailbox full'], [first, 'one@example.com', 'connection refused']]);

    expect((await act('failedMail', first!, 'retry')).status).toBe(200);
    const retried = await h.db.query<{ status: string; attempts: number }>('select status, attempts from outbox where id = $1', [first]);
    expect(retried.rows[0]).toEqual({ status: 'pending', attempts: 0 });
    expect((await act('failedMail', second!, 'discard')).status).toBe(200);
    expect((await h.db.query('select 1 from outbox where id = $1', [second])).rows).toHaveLength(0);
    expect((await view('failedMail')).rows).toEqual([]);
    expect(await audited(`failedMail:${first}`, 'retry')).toHaveLength(1);
    expect(await audited(`failedMail:${second}`, 'discard')).toHaveLength(1);

    // Only failed mail takes them; an unknown action, view or id is absent.
    for (const [id, action] of [[first, 'discard'], [sent, 'retry'], ['abc', 'retry'], [first, 'unlock']] as const) expect((await act('failedMail', id!, action)).status, `${id} ${action}`).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/admin/views/nothing', token: tokens.staff })).status).toBe(404);
  });

  it('shows due and overdue timers by machine, failed effects, this process\'s connections and the notice schedule', async () => {
    const trf = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: tokens.applicant })).body.data.id as string;
    await h.db.query("update records set timer_due_at = now() - interval '5 minutes' where id = $1", [trf]);
    const timers = await view('dueTimers');
    expect(timers.rows).toContainEqual(expect.objectContaining({ id: 'trf', machine: 'trf', pending: 1, due: 1, overdue: 1 }));

    await h.db.query("insert into effects (kind, machine, subject, subject_id, status, attempts, last_error) values ('sendEmail', 'trf', 'trf', $1, 'failed', 10, 'no recipient')", [trf]);
    expect((await view('failedEffects')).rows).toEqual([expect.objectContaining({ kind: 'sendEmail', machine: 'trf', subjectId: trf, attempts: 10, lastError: 'no recipient' })]);

    expect((await view('connections')).rows).toContainEqual(expect.objectContaining({ host: hostname(), pid: process.pid, sockets: 0 }));

    const start = Date.now() + 3_600_000;
    const notice = await h.call({
      method: 'POST',
      url: '/api/notices',
      token: tokens.staff,
      payload: { startDateTime: new Date(start).toISOString(), finishDateTime: new Date(start + 3_600_000).toISOString(), publishRemark: { cn: '升级', en: 'Upgrade' } },
    });
    expect(notice.status, JSON.stringify(notice.body)).toBeLessThan(300);
    const schedule = await view('noticeSchedule');
    expect(schedule.rows).toContainEqual(expect.objectContaining({ status: '1', remarkZh: '升级', remarkEn: 'Upgrade', startAt: new Date(start).toISOString() }));
    expect((await view('dueTimers')).rows).toContainEqual(expect.objectContaining({ machine: 'noticeSchedule', pending: 1, due: 0 }));
  });
});
