import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateBundle } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { sampleFormV1 } from './templates-fixture.ts';

/** ajv's own wording, Fastify's, or a raw HTTP status text: none may reach a user (issue 53 item 8). */
const RAW = /\bmust\b|应当|Unsupported Media Type|already exists|schema with key|FST_/i;

/** The sample form written in draft-04 with a root `id`, as a schema copied from elsewhere carries one. */
function draft04WithRootId(id: string): TemplateBundle {
  const b = sampleFormV1();
  b.schema = { $schema: 'http://json-schema.org/draft-04/schema#', id, ...b.schema } as TemplateBundle['schema'];
  return b;
}

describe.each(BACKENDS)('messages for people on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('refuses a .csv upload with a 415 naming the accepted types, in the request language', async () => {
    const csv = Buffer.from('name,code\nA,B\n');
    const send = (url: string, lang: string) =>
      h.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/csv', 'portico-auth': `bearer ${applicant}`, 'accept-language': lang }, payload: csv });
    for (const [url, types] of [['/api/files?name=list.csv', 'PDF, JPG'], ['/api/entities/trf/import', 'Excel (.xlsx, .xls)']] as const) {
      const en = await send(url, 'en-US');
      expect([en.statusCode, en.json().errorCode], url).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      expect(en.json().message).toBe(`This type of file is not accepted here; please upload ${types}`);
      const zh = await send(url, 'zh-CN');
      expect([zh.statusCode, zh.json().message]).toEqual([415, `不支持此类文件，请上传 ${types} 格式`]);
    }
    // A JSON route sent another type says it takes JSON.
    const odd = await h.app.inject({ method: 'POST', url: '/api/entities/trf', headers: { 'content-type': 'text/csv', 'portico-auth': `bearer ${applicant}`, 'accept-language': 'en-US' }, payload: csv });
    expect([odd.statusCode, odd.json().message]).toEqual([415, 'This type of file is not accepted here; please upload JSON']);
  });

  it('publishes two draft-04 templates, and two versions of one, carrying the same root id', async () => {
    const id = 'http://example.com/schemas/sample.json';
    for (const code of ['sameIdOne', 'sameIdTwo']) {
      const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, bundle: draft04WithRootId(id) } });
      expect([created.status, created.body.data.problems]).toEqual([201, []]);
      const published = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff, lang: 'en-US' });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    }
    // Version 2 of the first: a copy of version 1, the same root id again.
    const v2 = await h.call({ method: 'POST', url: '/api/templates/sameIdOne/versions', token: staff });
    expect(v2.status, JSON.stringify(v2.body)).toBe(201);
    const published = await h.call({ method: 'POST', url: `/api/templates/sameIdOne/versions/${v2.body.data.version.version}/publish`, token: staff });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // Each validates its own records, and says so for people, naming the field.
    for (const code of ['sameIdOne', 'sameIdTwo']) {
      expect((await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, payload: { doc: { title: 'Shirt' } } })).status).toBe(201);
      for (const [lang, said] of [['en-US', 'Please fill in "Title"'], ['zh-CN', '请填写“名称”']] as const) {
        const bad = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, lang, payload: { doc: { color: 'red' } } });
        expect([bad.status, bad.body.errors!.map((e: { message: string }) => e.message)]).toEqual([400, [said]]);
      }
    }
    // The stored schema keeps its author's root id.
    const stored = await h.call({ method: 'GET', url: '/api/templates/sameIdTwo/versions/1', token: staff });
    expect(stored.body.data.bundle.schema.id).toBe(id);
  });

  it('says a schema ajv cannot compile in the request language, never in ajv words', async () => {
    const b = sampleFormV1();
    b.schema.properties.title = { ...b.schema.properties.title!, $ref: '#/definitions/nowhere' } as never;
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'brokenRef', bundle: b } });
    expect(created.status).toBe(201);
    for (const lang of ['en-US', 'zh-CN']) {
      const published = await h.call({ method: 'POST', url: '/api/templates/brokenRef/versions/1/publish', token: staff, lang });
      expect(published.status).toBe(400);
      const messages = published.body.errors!.map((e: { message: string }) => e.message);
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(m).not.toMatch(RAW);
      expect(messages.join(' ')).toMatch(lang === 'en-US' ? /points to no definition|The JSON Schema|reference/ : /引用|JSON Schema/);
    }
  });
});
