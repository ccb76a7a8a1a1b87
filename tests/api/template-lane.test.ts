import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredEntity } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BIG_TEMPLATE_CODE, thousandFieldTemplate } from '../fixtures/thousand-field-template.ts';

const brief = (body: unknown) => JSON.stringify(body).slice(0, 1200);

/** Whether a registration's validators were never compiled on this thread (the registry keeps a getter until they are). */
const neverCompiledHere = (reg: RegisteredEntity) =>
  ['validate', 'validateDraft'].every((key) => typeof Object.getOwnPropertyDescriptor(reg, key)?.get === 'function');

/**
 * Issue 52: compiling a designer's schema may take seconds (a 2,000-field one, 3–8 s here), so the
 * request thread never does it: publishing compiles the version in the template lane's worker, and
 * every template record is validated there (server/templates/record-validation.ts). The API runs
 * in this process, so a validator compiled by a request would show on the registration.
 */
describe.each(BACKENDS)('template records validated in the template lane on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  const code = BIG_TEMPLATE_CODE;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('publishes a 1,000-field template, saves, refuses, versions and migrates its records without compiling it on the request thread', async () => {
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, bundle: thousandFieldTemplate() } });
    expect(created.status, brief(created.body)).toBe(201);
    expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff })).status).toBe(200);

    const saved = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, payload: { doc: { s1f1: 'First', s1f2: 12.5 } } });
    expect(saved.status, brief(saved.body)).toBe(201);
    const id = saved.body.data.id as string;
    // Refused with the field named by its label, in the request's language.
    for (const [lang, label] of [['en-US', 'Number 1-2'], ['zh-CN', '数值 1-2']] as const) {
      const bad = await h.call({ method: 'PUT', url: `/api/entities/${code}/${id}`, token: applicant, lang, payload: { version: 1, doc: { s1f1: 'First', s1f2: 'twelve' } } });
      expect(bad.status, brief(bad.body)).toBe(400);
      expect(bad.body.errors!.find((e) => e.field === 's1f2')?.message).toContain(label);
    }
    const edited = await h.call({ method: 'PUT', url: `/api/entities/${code}/${id}`, token: applicant, payload: { version: 1, doc: { s1f1: 'First', s1f2: 13 } } });
    expect(edited.status, brief(edited.body)).toBe(200);

    // Version 2, a dry run against the draft, publishing, and moving the record over.
    expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions`, token: staff })).status).toBe(201);
    const preview = await h.call({ method: 'POST', url: `/api/templates/${code}/migrations/preview`, token: staff, payload: { from: 1, to: 2 } });
    expect(preview.status, brief(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ total: 1, blocked: 0 });
    expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions/2/publish`, token: staff })).status).toBe(200);
    const migrated = await h.call({ method: 'POST', url: `/api/templates/${code}/migrations`, token: staff, payload: { from: 1, to: 2 } });
    expect(migrated.status, brief(migrated.body)).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/${code}/${id}`, token: applicant })).body.data.doc).toMatchObject({ s1f1: 'First', s1f2: 13 });

    const reg = h.registry.get(code);
    expect(reg.templateVersion).toBe(2);
    for (const version of reg.versions!.values()) expect(neverCompiledHere(version)).toBe(true);
  }, 300_000);
});
