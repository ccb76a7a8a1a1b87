import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueAt, WRAPPED_ROOT_KEY } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { SCHEMA_CORPUS } from '../fixtures/schema-corpus.ts';

type Problem = { field: string; keyword: string; message: string };
const brief = (body: unknown) => JSON.stringify(body).slice(0, 1500);

/**
 * Issue 21: every schema of the corpus, unchanged, goes import → publish → create a record →
 * list (filtered and sorted by what the import derived, any key) → get, and comes back as stored.
 */
describe.each(BACKENDS)('schema corpus through the template API on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it.each(SCHEMA_CORPUS.map((e) => [e.name, e] as const))('%s', async (name, entry) => {
    const imported = await h.call({ method: 'POST', url: '/api/templates/import', token: staff, lang: 'en-US', payload: { name, schema: entry.schema, uiSchema: entry.uiSchema, files: entry.files } });
    expect(imported.status, brief(imported.body)).toBe(201);
    const { version, problems, report } = imported.body.data as { version: { code: string; bundle: any }; problems: Problem[]; report: Problem[] };
    expect(problems, brief(problems)).toEqual([]);
    const code = version.code;
    const published = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token: staff, lang: 'en-US' });
    expect(published.status, brief(published.body)).toBe(200);

    const wrapped = report.some((r) => r.keyword === 'TEMPLATE_IMPORT_ROOT_WRAPPED');
    const doc = wrapped ? { [WRAPPED_ROOT_KEY]: entry.sample } : entry.sample;
    const created = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, lang: 'en-US', payload: { doc } });
    expect(created.status, brief(created.body)).toBe(201);
    const id = created.body.data.id as string;

    // The list, filtered by each derived filter the sample fills, then sorted by each sortable column both ways
    // (any key: a view names `a.b` or `$type` by its pointer, `/a.b`, `/$type`).
    const list = version.bundle.views.list as { filters: { field: string; op: string }[]; columns: { field: string; sortable?: boolean }[] };
    const listed = async (query: URLSearchParams) => {
      const res = await h.call({ method: 'GET', url: `/api/entities/${code}?${query}`, token: applicant, lang: 'en-US' });
      expect(res.status, `${query} ${brief(res.body)}`).toBe(200);
      expect(res.body.data.items.map((r: { id: string }) => r.id), `${query}`).toEqual([id]);
    };
    for (const filter of list.filters) {
      const v = valueAt(doc, filter.field);
      if (!['string', 'number', 'boolean'].includes(typeof v)) continue;
      await listed(new URLSearchParams({ [`f.${filter.field}`]: filter.op === 'range' ? `${String(v)}..${String(v)}` : String(v) }));
    }
    for (const column of list.columns.filter((c) => c.sortable)) for (const order of ['asc', 'desc']) await listed(new URLSearchParams({ sort: `${column.field}:${order}` }));

    const got = await h.call({ method: 'GET', url: `/api/entities/${code}/${id}`, token: applicant, lang: 'en-US' });
    expect(got.status, brief(got.body)).toBe(200);
    // Stored as created (the server fills declared defaults of absent fields in a new record), the sample's own values kept.
    expect(got.body.data.doc).toEqual(created.body.data.doc);
    expect(got.body.data.doc).toMatchObject(doc as object);
  });
});
