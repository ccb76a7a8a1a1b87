import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { CYCLIC_SCHEMAS, hostileBundle, hugeSchemas, RECURSIVE_SCHEMAS } from '../fixtures/hostile-schemas.ts';

const brief = (body: unknown) => JSON.stringify(body).slice(0, 1200);


/**
 * Issue 52: a designer's recursive template took the server down (three properties referring to the
 * root: memory past 2.7 GB, no answers for anyone). Recursive schemas are data: they are created,
 * published, imported, filled, saved, listed, versioned and migrated; loops that can never validate
 * and schemas past the limits are refused with a message in the user's language, and the server
 * goes on answering everyone meanwhile.
 */
describe.each(BACKENDS)('hostile template schemas on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it.each(RECURSIVE_SCHEMAS.map((s, i) => [s.name, s, i] as const))('%s: create, publish, save, list, new version, diff, migrate, import', async (_, hs, i) => {
    const code = `recursive${i}`;
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, bundle: hostileBundle(hs) }, lang: 'en-US' });
    expect(created.status, brief(created.body)).toBe(201);
    expect(created.body.data.problems).toEqual([]);
    expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff })).status).toBe(200);

    const saved = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, payload: { doc: hs.sample } });
    expect(saved.status, brief(saved.body)).toBe(201);
    const id = saved.body.data.id as string;
    expect((await h.call({ method: 'GET', url: `/api/entities/${code}/${id}`, token: applicant })).body.data.doc).toEqual(hs.sample);
    const listed = await h.call({ method: 'GET', url: `/api/entities/${code}`, token: applicant });
    expect(listed.body.data.items.map((r: { id: string }) => r.id)).toEqual([id]);
    // A wrong value deep in the recursion is refused with the field named.
    const key = Object.keys(hs.sample!).find((k) => typeof hs.sample![k] === 'object')!;
    const nested = Object.fromEntries(Object.entries(hs.sample![key] as object).map(([k, v]) => [k, typeof v === 'string' ? 42 : v]));
    const bad = await h.call({ method: 'PUT', url: `/api/entities/${code}/${id}`, token: applicant, lang: 'en-US', payload: { version: 1, doc: { ...hs.sample, [key]: nested } } });
    expect(bad.status, brief(bad.body)).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).join(' ')).toContain(key);

    // Version 2 (same fields), its diff, publishing and moving the record over.
    expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions`, token: staff })).status).toBe(201);
    const diff = await h.call({ method: 'GET', url: `/api/templates/${code}/versions/2/diff`, token: staff });
    expect(diff.status, brief(diff.body)).toBe(200);
    expect((await h.call({ method: 'POST', url: `/api/templates/${code}/versions/2/publish`, token: staff })).status).toBe(200);
    const migrated = await h.call({ method: 'POST', url: `/api/templates/${code}/migrations`, token: staff, payload: { from: 1, to: 2 } });
    expect(migrated.status, brief(migrated.body)).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/${code}/${id}`, token: applicant })).body.data.doc).toEqual(hs.sample);

    const imported = await h.call({ method: 'POST', url: '/api/templates/import', token: staff, lang: 'en-US', payload: { name: `imported ${hs.name}`, schema: hs.schema } });
    expect(imported.status, brief(imported.body)).toBe(201);
    expect(imported.body.data.problems).toEqual([]);
  });

  it.each(CYCLIC_SCHEMAS.map((s, i) => [s.name, s, i] as const))('%s: kept as a draft, refused at publishing with the loop named, in both languages', async (_, hs, i) => {
    const code = `cyclic${i}`;
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, bundle: hostileBundle(hs) }, lang: 'zh-CN' });
    expect(created.status, brief(created.body)).toBe(201);
    expect(created.body.data.problems.map((p: { keyword: string }) => p.keyword)).toContain('TEMPLATE_REF_CYCLE');
    const zh = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.errors![0]!.message).toMatch(/绕回自身/);
    const en = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff, lang: 'en-US' });
    expect(en.body.errors![0]!.message).toMatch(/leads back to itself/);
    const imported = await h.call({ method: 'POST', url: '/api/templates/import', token: staff, lang: 'en-US', payload: { name: `cyclic import ${i}`, schema: hs.schema } });
    expect(imported.status, brief(imported.body)).toBe(201);
    expect(imported.body.data.problems.map((p: { keyword: string }) => p.keyword)).toContain('TEMPLATE_REF_CYCLE');
  });

  it.each(hugeSchemas().map((s) => [s.name, s] as const))('%s: refused past a stated limit, never a 5xx, and the server keeps answering', async (_, hs) => {
    for (const [url, payload] of [
      ['/api/templates', { code: 'huge', bundle: hostileBundle(hs) }],
      ['/api/templates/import', { name: 'huge', schema: JSON.stringify(hs.schema) }],
    ] as const) {
      const res = await h.call({ method: 'POST', url, token: staff, payload: payload as Record<string, unknown>, lang: 'en-US' });
      // A new template past a limit is refused, not stored as a draft it could never publish (nothing of the user's is lost).
      expect(res.status, `${url} ${brief(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${url} ${brief(res.body)}`).toBeLessThan(500);
      expect(res.body.message, brief(res.body)).not.toMatch(/must|should|Maximum call stack|heap/i);
      if (hs.name === '10,000 properties' && url === '/api/templates/import') {
        expect(res.body.errorCode).toBe('TEMPLATE_NOT_SAVED');
        const zh = await h.call({ method: 'POST', url, token: staff, payload: payload as Record<string, unknown>, lang: 'zh-CN' });
        expect([zh.status, zh.body.message, zh.body.errors![0]!.message]).toEqual([400, '模板未保存：有 1 处问题需先修正', '模板字段过多：最多 2000 个（含嵌套字段）。请拆分为多个模板']);
        expect(res.body.message).toMatch(/^The template was not saved: 1 problem\(s\) to fix first$/);
        expect(res.body.errors!.map((e: { keyword: string; message: string }) => `${e.keyword}: ${e.message}`)).toEqual([
          'TEMPLATE_TOO_MANY_FIELDS: The template declares too many fields: at most 2000, nested ones included. Split it into several templates',
        ]);
      }
    }
    const list = await h.call({ method: 'GET', url: '/api/templates?q=huge', token: staff });
    expect(list.body.data.map((t: { code: string }) => t.code)).not.toContain('huge');
    const health = await h.call({ method: 'GET', url: '/api/health' });
    expect(health.status).toBe(200);
  });
});
