import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * An enrolment staff make on a trainee's behalf (schemas/trainingEnrolment/): the trainee's company
 * is derived by the server from the account (the `accounts` lookup's option data, `x-lookupFill`
 * and `x-lookupDerived`) on every create and update, whatever the client sent — the declared
 * `access.shareWith` shares the enrolment with it: the trainee and their company list and read it,
 * and the per-company performance counts it for that company, not staff's. Another company still
 * sees nothing.
 */
describe.each(BACKENDS)('training enrolment made by staff for a trainee on %s', (backend) => {
  let h: ApiHarness;
  const t = { staff: '', trainee: '', applicant: '', buyer: '' };
  let classId = '';
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const who of Object.keys(t) as (keyof typeof t)[]) t[who] = await h.login(who);
    const course = await h.call({ method: 'POST', url: '/api/entities/trainingCourse', payload: { doc: { code: 'C-9', name: 'Chemical testing' } }, token: t.staff });
    const mod = await h.call({ method: 'POST', url: '/api/entities/trainingModule', payload: { doc: { courseId: course.body.data.id, name: 'Azo dyes' } }, token: t.staff });
    const cls = await h.call({ method: 'POST', url: '/api/entities/trainingClass', payload: { doc: { moduleId: mod.body.data.id, title: 'Azo dyes, Suzhou', startDate: '2026-12-10', endDate: '2026-12-11', passScore: 60 } }, token: t.staff });
    const published = await h.call({ method: 'POST', url: `/api/entities/trainingClass/${cls.body.data.id}/events`, payload: { type: 'PUBLISH', version: cls.body.data.version, payload: {} }, token: t.staff });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    classId = cls.body.data.id;
  });
  afterAll(() => h.close());

  it("is listed and read by the trainee's company, and counted as theirs, made through the API without the company", async () => {
    // What the form fills from the account's option, the server derives itself.
    const options = await h.call({ method: 'GET', url: '/api/lookups/accounts?q=trainee', token: t.staff });
    const option = (options.body.data as { value: string; data?: Record<string, string> }[]).find((o) => o.value === 'trainee')!;
    expect(option.data).toEqual({ companyId: 'c-applicant' });
    const made = await h.call({ method: 'POST', url: '/api/entities/trainingEnrolment', payload: { doc: { classId, account: 'trainee' } }, token: t.staff });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.doc.traineeCompany).toBe('c-applicant');
    const id = made.body.data.id as string;
    for (const token of [t.trainee, t.applicant]) {
      expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${id}`, token })).status).toBe(200);
      const list = await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment?f.classId=${classId}`, token });
      expect(list.body.data.items.map((r: { id: string }) => r.id)).toEqual([id]);
    }
    expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${id}`, token: t.buyer })).status).toBe(404);
    // An update leaving the company out (or naming another) keeps the one the account belongs to.
    const graded = await h.call({ method: 'PUT', url: `/api/entities/trainingEnrolment/${id}`, payload: { version: made.body.data.version, doc: { classId, account: 'trainee', attendance: 'present', score: 75, result: 'pass' } }, token: t.staff });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    expect(graded.body.data.doc.traineeCompany).toBe('c-applicant');
    const byCompany = await h.call({ method: 'GET', url: '/api/training/performance?by=company', token: t.applicant });
    expect(byCompany.body.data).toEqual([{ key: 'c-applicant', label: expect.any(String), classes: 1, scored: 1, averageScore: 75, graded: 1, passed: 1 }]);
  });

  it("corrects a company the account does not belong to, on create and when the account changes", async () => {
    const wrong = await h.call({ method: 'POST', url: '/api/entities/trainingEnrolment', payload: { doc: { classId, account: 'buyer', traineeCompany: 'c-applicant' } }, token: t.staff });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(201);
    const buyerCompany = wrong.body.data.doc.traineeCompany as string;
    expect(buyerCompany).not.toBe('c-applicant');
    const id = wrong.body.data.id as string;
    expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${id}`, token: t.applicant })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${id}`, token: t.buyer })).status).toBe(200);
    // Another trainee picked: the company follows the new account, whatever the client sent.
    const moved = await h.call({ method: 'PUT', url: `/api/entities/trainingEnrolment/${id}`, payload: { version: wrong.body.data.version, doc: { classId, account: 'applicant', traineeCompany: buyerCompany } }, token: t.staff });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.doc.traineeCompany).toBe('c-applicant');
    expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${id}`, token: t.applicant })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/trainingEnrolment/${id}`, token: t.buyer })).status).toBe(404);
  });
});
