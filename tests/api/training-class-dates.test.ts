import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 18: a training class moves by its dates (schemas/trainingClass/ `lifecycle.dateEvents`: START
 * on the start date, COMPLETE — asking for confirmation — after the end date) through the durable
 * timers, audited with no actor; and an enrolment names an account of the enrolling company only.
 */
describe.each(BACKENDS)('training class dates and enrolment accounts on %s', (backend) => {
  let h: ApiHarness;
  const t = {} as Record<'staff' | 'applicant' | 'trainee', string>;
  let moduleId: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const who of ['staff', 'applicant', 'trainee'] as const) t[who] = await h.login(who);
    const course = await h.call({ method: 'POST', url: '/api/entities/trainingCourse', payload: { doc: { code: 'C-D', name: 'Dates' } }, token: t.staff });
    const mod = await h.call({ method: 'POST', url: '/api/entities/trainingModule', payload: { doc: { courseId: course.body.data.id, name: 'Dated' } }, token: t.staff });
    moduleId = mod.body.data.id;
  });
  afterAll(() => h.close());

  const timersOf = async (id: string) => (await h.db.query<{ timers: { event: string; due: string }[] }>('select timers from records where id = $1', [id])).rows[0]!.timers.map((x) => [x.event, x.due.slice(0, 10)]);
  const send = async (id: string, type: string) => {
    const current = (await h.call({ method: 'GET', url: `/api/entities/trainingClass/${id}`, token: t.staff })).body.data;
    return h.call({ method: 'POST', url: `/api/entities/trainingClass/${id}/events`, payload: { type, version: current.version, payload: {} }, token: t.staff });
  };
  const statesOf = async (id: string) => (await h.call({ method: 'GET', url: `/api/entities/trainingClass/${id}`, token: t.staff })).body.data.states;

  it('starts a published class on its start date and asks for completion after its end date', async () => {
    const made = await h.call({ method: 'POST', url: '/api/entities/trainingClass', payload: { doc: { moduleId, title: 'Dated class', startDate: day(-1), endDate: day(3), passScore: 60 } }, token: t.staff });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    // Unpublished, it cannot start: no timer, and the worker leaves it coming.
    expect(await timersOf(id)).toEqual([]);
    expect(await fireDueTimers(h.db, h.registry)).toBe(0);
    expect((await send(id, 'PUBLISH')).status).toBe(200);
    expect(await timersOf(id)).toEqual([['START', day(-1)]]);
    expect(await fireDueTimers(h.db, h.registry)).toBe(1);
    expect(await statesOf(id)).toEqual({ $publication: 'published', $schedule: 'ongoing' });
    const { rows } = await h.db.query<{ actor_id: string | null; event: string }>("select actor_id, event from audit where record_id = $1 and kind = 'event' order by id", [id]);
    expect(rows.map((r) => [r.event, r.actor_id === null])).toEqual([['PUBLISH', false], ['START', true]]);
    // Ongoing: completion is due the day after the end date, and follows an edited end date.
    expect(await timersOf(id)).toEqual([['COMPLETE', day(4)]]);
    const current = (await h.call({ method: 'GET', url: `/api/entities/trainingClass/${id}`, token: t.staff })).body.data;
    const edited = await h.call({ method: 'PUT', url: `/api/entities/trainingClass/${id}`, payload: { doc: { ...current.doc, endDate: day(5) }, version: current.version }, token: t.staff });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await timersOf(id)).toEqual([['COMPLETE', day(6)]]);
    await h.db.query("update records set timer_due_at = now() - interval '1 second' where id = $1", [id]);
    expect(await fireDueTimers(h.db, h.registry)).toBe(1);
    // The end date asks for the confirmation; staff confirm, and nothing is pending any more.
    expect(await statesOf(id)).toEqual({ $publication: 'published', $schedule: 'confirmingCompletion' });
    expect((await send(id, 'CONFIRM_COMPLETION')).status).toBe(200);
    expect([await statesOf(id), await timersOf(id)]).toEqual([{ $publication: 'published', $schedule: 'complete' }, []]);
  });

  it("enrols the user's own company's accounts only, with the message in the user's language", async () => {
    const cls = await h.call({ method: 'POST', url: '/api/entities/trainingClass', payload: { doc: { moduleId, title: 'Enrolment class', startDate: day(10), endDate: day(11), passScore: 60 } }, token: t.staff });
    await send(cls.body.data.id, 'PUBLISH');
    const enrol = (account: string, token: string, lang = 'en-US') => h.call({ method: 'POST', url: '/api/entities/trainingEnrolment', payload: { doc: { classId: cls.body.data.id, account } }, token, lang });
    expect((await enrol('applicant', t.applicant)).status).toBe(201);
    // A colleague of the same company may be enrolled; another company's account may not.
    expect((await enrol('trainee', t.applicant)).status).toBe(201);
    const [zh, en] = [await enrol('buyer', t.trainee, 'zh-CN'), await enrol('buyer', t.trainee, 'en-US')];
    expect([zh.status, zh.body.message, en.status, en.body.message]).toEqual([400, '账号“buyer”不是贵公司的登录账号', 400, 'The account "buyer" is not a login account of your company']);
    expect(zh.body.errors?.map((e: { field: string }) => e.field)).toEqual(['account']);
    // Staff may enrol any existing account, not one that does not exist.
    expect((await enrol('buyer', t.staff)).status).toBe(201);
    const ghost = await enrol('nobody-here', t.staff);
    expect([ghost.status, ghost.body.message]).toEqual([400, 'The account "nobody-here" does not exist or is not approved']);
  });
});
