import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

type Problem = { field: string; keyword: string; message: string };
const keywords = (list: Problem[]) => list.map((p) => p.keyword);

describe.each(BACKENDS)('template import (issue 21) on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let buyer: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    buyer = await h.login('buyer');
  });
  afterAll(() => h.close());

  const importing = (payload: unknown, token = staff, lang = 'en-US') => h.call({ method: 'POST', url: '/api/templates/import', token, lang, payload: payload as object });

  it('needs the designer permission, like creating a template', async () => {
    expect((await importing({ schema: { type: 'string' } }, buyer)).status).toBe(403);
    expect((await h.call({ method: 'POST', url: '/api/templates/import', payload: { schema: {} } })).status).toBe(401);
  });

  it('reports, field by field and in the request language, what it changed or could not keep', async () => {
    const schema = JSON.stringify({
      title: 'Order list',
      type: 'array',
      items: { $ref: 'common.json#/definitions/line' },
      definitions: { unused: { type: 'string' } },
    });
    const files = { 'common.json': { definitions: { line: { type: 'object', properties: { sku: { type: 'string' }, note: { $id: 'nested', $ref: 'https://elsewhere.example/x.json' } } } } } };
    const res = await importing({ schema, files, uiSchema: { 'ui:options': { orderable: false } } }, staff, 'zh-CN');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { report, version, problems } = res.body.data as { report: Problem[]; version: { code: string; bundle: any }; problems: Problem[] };
    expect(version.code).toBe('orderList');
    expect(problems).toEqual([]);
    expect(keywords(report).sort()).toEqual(['TEMPLATE_IMPORT_KEYWORD_DROPPED', 'TEMPLATE_IMPORT_REF_BUNDLED', 'TEMPLATE_IMPORT_REF_UNRESOLVED', 'TEMPLATE_IMPORT_ROOT_WRAPPED', 'TEMPLATE_IMPORT_UI_WRAPPED']);
    expect(report.find((r) => r.keyword === 'TEMPLATE_IMPORT_ROOT_WRAPPED')!.message).toBe('Schema 的根是array，不是带 properties 的对象：整体保存为字段“value”');
    expect(report.find((r) => r.keyword === 'TEMPLATE_IMPORT_REF_UNRESOLVED')!.field).toBe('definitions.common.line.properties.note');
    const { schema: stored, uiSchema } = version.bundle;
    expect(stored.properties.value.items).toEqual({ $ref: '#/definitions/common.line' });
    expect(Object.keys(stored.definitions).sort()).toEqual(['common.line', 'unused']);
    expect(stored.definitions['common.line'].properties.note).toEqual({});
    expect(uiSchema).toEqual({ value: { 'ui:options': { orderable: false } } });
    expect(version.bundle.entity.label).toEqual({ 'zh-CN': 'Order list', 'en-US': 'Order list' });
    // Missing translations are warnings the designer shows, field by field.
    expect(keywords(res.body.data.warnings)).toContain('TEMPLATE_FIELD_LABEL');
  });

  it('refuses garbage with a 400 and a message, never a 5xx', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepSchema = `${'{"items":'.repeat(500)}{}${'}'.repeat(500)}`;
    const cases: [unknown, string][] = [
      [{ schema: '{ not json' }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: 'null' }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: '42' }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: [1, 2] }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: deep }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: deepSchema }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: { type: 'object' }, files: { 'a.json': '{{' } }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: { type: 'object' }, files: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.json`, {}])) }, 'TEMPLATE_IMPORT_REFUSED'],
      [{ schema: { type: 'object' }, files: 'x' }, 'BAD_REQUEST'],
      [{}, 'BAD_REQUEST'],
      [{ schema: {}, code: 'Bad Code!' }, 'TEMPLATE_CODE_INVALID'],
    ];
    for (const [payload, code] of cases) {
      const res = await importing(payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.errorCode).toBe(code);
      expect(res.body.message).toBeTruthy();
    }
    const huge = await h.call({ method: 'POST', url: '/api/templates/import', token: staff, payload: { schema: 'x'.repeat(3 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    const text = await h.call({ method: 'POST', url: '/api/templates/import', token: staff, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.status).toBeLessThan(500);
  });

  it('takes strange but valid schemas without a 5xx: every answer is a 201 or a 400', async () => {
    const odd: unknown[] = [true, false, {}, { $ref: '#' }, { $ref: '#/nowhere' }, { type: 'object', properties: { a: { $ref: '#/properties/a' } } }, { allOf: [{ $ref: '#' }] },
      { type: 'object', properties: { x: 1 } }, { type: 'object', properties: { 'a.b': { type: 'string' }, $x: { type: 'number' } }, required: 'x' }, { $schema: 'http://nowhere/schema', type: 'string' },
      { enum: [] }, { type: 'object', properties: {}, definitions: { 'a/b~c': { type: 'string' } }, $ref: '#/definitions/a~1b~0c' }, { type: ['object', 'array'], properties: { q: {} } }];
    for (const schema of odd) {
      const res = await importing({ schema });
      expect([201, 400], JSON.stringify(schema)).toContain(res.status);
      if (res.status !== 201) continue;
      const code = res.body.data.version.code as string;
      const published = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff });
      expect([200, 400], JSON.stringify(schema)).toContain(published.status);
    }
  });
});
