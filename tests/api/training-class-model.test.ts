import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { modelOf, traverse } from '../model/harness.ts';

/**
 * Model-based: every transition case of the training class machine (tests/model/harness.ts) is
 * replayed through POST /api/entities/trainingClass/:id/events by staff; the stored states follow
 * the model after every step. Along the way: an unpublished class is staff's alone (a draft), a
 * trainee sees it once published, and a complete class takes no event any more (409), whatever
 * was asked — completion cannot be undone.
 */
describe.each(BACKENDS)('training class machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let trainee: string;
  let moduleId: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    trainee = await h.login('trainee');
    const course = await h.call({ method: 'POST', url: '/api/entities/trainingCourse', payload: { doc: { code: 'C-1', name: 'Textile testing basics' } }, token: staff });
    const mod = await h.call({ method: 'POST', url: '/api/entities/trainingModule', payload: { doc: { courseId: course.body.data.id, name: 'Colour fastness' } }, token: staff });
    moduleId = mod.body.data.id;
  });
  afterAll(() => h.close());

  const doc = () => ({ moduleId, title: 'Colour fastness, Shanghai', startDate: '2026-12-01', endDate: '2026-12-02', passScore: 60 });
  const seen = async (id: string) => (await h.call({ method: 'GET', url: `/api/entities/trainingClass/${id}`, token: trainee })).status === 200;

  it('replays every transition case; a trainee sees published classes only; completion is final', async () => {
    const machine = machines.trainingClass;
    const reg = h.registry.get('trainingClass');
    const actions = reg.entity.actions!;
    const regions = reg.entity.lifecycle!.regions;
    const cases = traverse(modelOf('trainingClass', machine, actions)).cases;
    expect(cases.length).toBeGreaterThanOrEqual(6);
    let completed = 0;
    for (const c of cases) {
      const created = await h.call({ method: 'POST', url: '/api/entities/trainingClass', payload: { doc: doc() }, token: staff });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      let record = created.body.data;
      let model: PersistedSnapshot = initialSnapshot(machine);
      expect(record.states).toEqual(stateFields(regions, model));
      for (const event of c.events) {
        const { type } = event as { type: string };
        model = applyEvent(machine, model, event as never)!;
        const res = await h.call({ method: 'POST', url: `/api/entities/trainingClass/${record.id}/events`, payload: { type, version: record.version, payload: {} }, token: staff });
        expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
        record = res.body.data;
        expect(record.states, c.name).toEqual(stateFields(regions, model));
        expect(await seen(record.id), `${c.name}: seen by the trainee`).toBe(record.states.$publication === 'published');
      }
      if (record.states.$schedule !== 'complete') continue;
      completed++;
      for (const type of Object.keys(actions)) {
        const lang = completed % 2 ? 'zh-CN' : 'en-US';
        const again = await h.call({ method: 'POST', url: `/api/entities/trainingClass/${record.id}/events`, payload: { type, version: record.version, payload: {} }, token: staff, lang });
        // Unpublishing a complete class is refused by its guard (400); every other event by the state (409).
        expect([409, 400], `${c.name} then ${type}`).toContain(again.status);
        expect((await h.call({ method: 'GET', url: `/api/entities/trainingClass/${record.id}`, token: staff })).body.data.states.$schedule).toBe('complete');
      }
    }
    expect(completed).toBeGreaterThan(0);
  });

  it('lets trainees enrol in a published class only, and staff enter attendance and scores', async () => {
    const cls = (await h.call({ method: 'POST', url: '/api/entities/trainingClass', payload: { doc: doc() }, token: staff })).body.data;
    const enrol = () => h.call({ method: 'POST', url: '/api/entities/trainingEnrolment', payload: { doc: { classId: cls.id, account: 'trainee' } }, token: trainee, lang: 'en-US' });
    expect((await enrol()).status).toBe(400);
    await h.call({ method: 'POST', url: `/api/entities/trainingClass/${cls.id}/events`, payload: { type: 'PUBLISH', version: cls.version, payload: {} }, token: staff });
    const enrolled = await enrol();
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    expect((await enrol()).body.errorCode).toBe('DUPLICATE_VALUE');
    // An enrolment is its company's and the training provider's: another company does not see it.
    const buyer = await h.login('buyer');
    expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${enrolled.body.data.id}`, token: buyer })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${enrolled.body.data.id}`, token: staff })).status).toBe(200);
    // The trainee may not grade themself; staff do.
    const e = enrolled.body.data;
    const self = await h.call({ method: 'PUT', url: `/api/entities/trainingEnrolment/${e.id}`, payload: { version: e.version, doc: { ...e.doc, score: 100, result: 'pass' } }, token: trainee });
    expect(self.status).toBe(403);
    const graded = await h.call({ method: 'PUT', url: `/api/entities/trainingEnrolment/${e.id}`, payload: { version: e.version, doc: { ...e.doc, attendance: 'present', score: 88, result: 'pass' } }, token: staff });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    const perf = await h.call({ method: 'GET', url: '/api/training/performance?by=trainee', token: trainee });
    expect(perf.body.data).toEqual([{ key: 'trainee', label: '郑学员 (trainee)', classes: 1, scored: 1, averageScore: 88, graded: 1, passed: 1 }]);
    // Once the class is complete, enrolments, attendance and scores stay as they are, in the user's language.
    let c = (await h.call({ method: 'GET', url: `/api/entities/trainingClass/${cls.id}`, token: staff })).body.data;
    for (const type of ['START', 'COMPLETE', 'CONFIRM_COMPLETION']) {
      c = (await h.call({ method: 'POST', url: `/api/entities/trainingClass/${cls.id}/events`, payload: { type, version: c.version, payload: {} }, token: staff })).body.data;
    }
    const g = graded.body.data;
    const late = await h.call({ method: 'PUT', url: `/api/entities/trainingEnrolment/${g.id}`, payload: { version: g.version, doc: { ...g.doc, score: 95 } }, token: staff, lang: 'zh-CN' });
    expect([late.status, late.body.errorCode, late.body.message]).toEqual([403, 'PARENT_CLOSED', '课程已结课，报名、考勤与成绩不能再修改']);
    const gone = await h.call({ method: 'DELETE', url: `/api/entities/trainingEnrolment/${g.id}?version=${g.version}`, token: trainee, lang: 'en-US' });
    expect([gone.status, gone.body.message]).toEqual([403, 'The class is complete: enrolments, attendance and scores can no longer change']);
    const another = await h.call({ method: 'POST', url: '/api/entities/trainingEnrolment', payload: { doc: { classId: cls.id, account: 'applicant' } }, token: staff });
    expect(another.status).toBe(403);
    const byCompany = await h.call({ method: 'GET', url: '/api/training/performance?by=company', token: staff });
    expect(byCompany.body.data.map((r: { key: string; passed: number }) => [r.key, r.passed])).toEqual([['c-applicant', 1]]);
    expect((await h.call({ method: 'GET', url: '/api/training/performance?by=planet', token: staff })).status).toBe(400);
  });
});
