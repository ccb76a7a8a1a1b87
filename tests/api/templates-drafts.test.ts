import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateBundle } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { sampleFormV1 } from './templates-fixture.ts';

/** The sample form written in another JSON Schema draft, with a rule only that draft spells so. */
function inDraft($schema: string, qty: Record<string, unknown>): TemplateBundle {
  const b = sampleFormV1();
  b.schema = { $schema, ...b.schema, properties: { ...b.schema.properties, qty: { ...b.schema.properties.qty!, type: 'number', ...qty } } } as TemplateBundle['schema'];
  return b;
}

const DRAFTS = [
  // draft-04: exclusiveMinimum is a boolean beside minimum
  { code: 'draft04Form', $schema: 'http://json-schema.org/draft-04/schema#', qty: { minimum: 0, exclusiveMinimum: true } },
  { code: 'draft06Form', $schema: 'http://json-schema.org/draft-06/schema#', qty: { exclusiveMinimum: 0 } },
  { code: 'draft07Form', $schema: 'http://json-schema.org/draft-07/schema#', qty: { exclusiveMinimum: 0 } },
  { code: 'draft201909Form', $schema: 'https://json-schema.org/draft/2019-09/schema', qty: { exclusiveMinimum: 0 } },
  { code: 'draft202012Form', $schema: 'https://json-schema.org/draft/2020-12/schema', qty: { exclusiveMinimum: 0 } },
] as const;

describe.each(BACKENDS)('templates in every JSON Schema draft on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it.each(DRAFTS)('publishes $code, its records validated by its own draft', async ({ code, $schema, qty }) => {
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, bundle: inDraft($schema, qty) } });
    expect(created.status).toBe(201);
    expect(created.body.data.problems).toEqual([]);
    const published = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const good = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, payload: { doc: { title: 'Shirt', qty: 2 } } });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const zero = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, payload: { doc: { title: 'Shirt', qty: 0 } }, lang: 'en-US' });
    expect(zero.status).toBe(400);
    expect(zero.body.errors!.map((e: { field: string }) => e.field)).toEqual(['qty']);
  });

  it('refuses a schema invalid in its own draft, and a $schema no draft claims, with 4xx problems', async () => {
    const cases = [
      // a number for exclusiveMinimum is draft-06 on; draft-04 wants a boolean
      { code: 'bad04Form', bundle: inDraft('http://json-schema.org/draft-04/schema#', { exclusiveMinimum: 0 }), problem: 'TEMPLATE_SCHEMA_INVALID' },
      // 2019-09 has no `dependentRequired` of a string
      { code: 'bad201909Form', bundle: { ...inDraft('https://json-schema.org/draft/2019-09/schema', {}), schema: { ...inDraft('https://json-schema.org/draft/2019-09/schema', {}).schema, dependentRequired: { color: 'title' } } }, problem: 'TEMPLATE_SCHEMA_INVALID' },
      { code: 'badDraftForm', bundle: inDraft('https://json-schema.org/draft/2030-01/schema', {}), problem: 'TEMPLATE_SCHEMA_DRAFT' },
      { code: 'numDraftForm', bundle: inDraft(7 as unknown as string, {}), problem: 'TEMPLATE_SCHEMA_DRAFT' },
    ];
    for (const { code, bundle, problem } of cases) {
      const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, bundle }, lang: 'en-US' });
      expect(created.status, code).toBe(201); // a draft may be unfinished; it says what stops publishing
      expect([...new Set(created.body.data.problems.map((p: { keyword: string }) => p.keyword))], code).toEqual([problem]);
      const en = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff, lang: 'en-US' });
      expect(en.status, code).toBe(400);
      const zh = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff, lang: 'zh-CN' });
      expect(zh.status, code).toBe(400);
      if (problem === 'TEMPLATE_SCHEMA_DRAFT') {
        expect(en.body.errors![0]!.message).toMatch(/^Unsupported JSON Schema version \(\$schema: .+\); use draft-04, draft-06, draft-07, 2019-09 or 2020-12/);
        expect(zh.body.errors![0]!.message).toMatch(/^不支持的 JSON Schema 版本/);
      }
    }
  });
});
