import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { publishSampleForm, sampleFormV1 } from './templates-fixture.ts';

describe.each(BACKENDS)('templates: design, publish, serve on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let buyer: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    buyer = await h.login('buyer');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('lets only designers create, edit, publish and migrate (403 for everyone else)', async () => {
    const calls = [
      { method: 'POST', url: '/api/templates', payload: { code: 'buyerForm', bundle: sampleFormV1() } },
      { method: 'PUT', url: '/api/templates/dffTextile/versions/1', payload: { bundle: sampleFormV1() } },
      { method: 'POST', url: '/api/templates/dffTextile/versions' },
      { method: 'POST', url: '/api/templates/dffTextile/versions/1/publish' },
      { method: 'POST', url: '/api/templates/dffTextile/migrations/preview', payload: { from: 1, to: 2 } },
      { method: 'POST', url: '/api/templates/dffTextile/migrations', payload: { from: 1, to: 2 } },
      { method: 'POST', url: '/api/template-settings', payload: { templateCode: 'dffTextile' } },
    ] as const;
    for (const call of calls) {
      const res = await h.call({ ...call, token: buyer, lang: 'en-US' });
      expect(res.status, call.url).toBe(403);
      expect(res.body.message).toBe('You do not have permission for this (template:design)');
    }
    expect((await h.call({ method: 'GET', url: '/api/templates' })).status).toBe(401);
  });

  it('shows published templates to everyone and drafts to designers only', async () => {
    await publishSampleForm(h, staff, 'publicForm');
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'draftOnly', label: { 'zh-CN': '草稿表', 'en-US': 'Draft form' } } });
    expect(created.status).toBe(201);
    expect(created.body.data.version).toMatchObject({ code: 'draftOnly', version: 1, status: 'draft' });
    expect(created.body.data.problems).toEqual([]);
    const forBuyer = await h.call({ method: 'GET', url: '/api/templates', token: buyer });
    expect(forBuyer.body.data.map((t: any) => t.code)).toEqual(['publicForm']);
    expect(forBuyer.body.data[0]).toMatchObject({ current: 1, draft: null });
    const forStaff = await h.call({ method: 'GET', url: '/api/templates', token: staff });
    expect(forStaff.body.data.map((t: any) => t.code).sort()).toEqual(['draftOnly', 'publicForm']);
    expect((await h.call({ method: 'GET', url: '/api/templates/draftOnly', token: buyer })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/templates/draftOnly/versions/1', token: buyer })).status).toBe(404);
    const published = await h.call({ method: 'GET', url: '/api/templates/publicForm/versions/1', token: buyer });
    expect(published.status).toBe(200);
    expect(published.body.data.bundle.entity.name).toBe('publicForm');
    expect(published.body.data.bundle.uiSchema).toEqual({ legacy: { 'ui:widget': 'textarea' } });
    // The designer's field order is kept as written (the form's order), not sorted as jsonb would.
    expect(Object.keys(published.body.data.bundle.schema.properties)).toEqual(['title', 'color', 'qty', 'legacy']);
    // a draft is not an entity yet
    expect((await h.call({ method: 'GET', url: '/api/entities/draftOnly', token: staff })).status).toBe(404);
  });

  it('refuses to publish an invalid template, saying why in the request language', async () => {
    const bad = sampleFormV1() as any;
    bad.schema.properties.qty.type = 'strin';
    bad.schema.properties.color['x-label'] = { 'zh-CN': '颜色' };
    bad.views.list.filters.push({ field: 'nothing', op: 'eq' });
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'badForm', bundle: bad }, lang: 'en-US' });
    expect(created.status).toBe(201); // a draft may be unfinished; it says what stops publishing
    expect(created.body.data.problems.map((p: any) => p.keyword)).toEqual(['TEMPLATE_SCHEMA_INVALID']);
    const en = await h.call({ method: 'POST', url: '/api/templates/badForm/versions/1/publish', token: staff, lang: 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ errorCode: 'TEMPLATE_INVALID', message: 'The template cannot be published: 1 problem(s) to fix' });
    expect(en.body.errors![0]!.message).toMatch(/^The JSON Schema is invalid at schema\.properties\.qty\.type: /);
    bad.schema.properties.qty.type = 'string';
    // A missing translation is a warning the draft answer carries (issue 21), never a refusal.
    const saved = await h.call({ method: 'PUT', url: '/api/templates/badForm/versions/1', token: staff, payload: { bundle: bad }, lang: 'zh-CN' });
    expect(saved.body.data.warnings.map((e: { message: string }) => e.message)).toEqual(['字段“color”缺少 en-US 标签']);
    const zh = await h.call({ method: 'POST', url: '/api/templates/badForm/versions/1/publish', token: staff, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('模板有 1 处问题，不能发布');
    expect(zh.body.errors!.map((e) => e.message)).toEqual(['视图 list.filters 引用了不存在的字段“nothing”']);
    const view = await h.call({ method: 'POST', url: '/api/templates/badForm/versions/1/publish', token: staff, lang: 'en-US' });
    expect(view.body.errors!.map((e) => e.message)).toEqual(['The view list.filters names "nothing", which is not a field']);
    expect((await h.call({ method: 'GET', url: '/api/entities/badForm', token: staff })).status).toBe(404);
  });

  it('answers malformed designer input with 400s, never 500', async () => {
    const cases = [
      { method: 'POST', url: '/api/templates', payload: { code: 'trf', label: { 'zh-CN': 'x', 'en-US': 'x' } } },
      { method: 'POST', url: '/api/templates', payload: { code: '__proto__', label: { 'zh-CN': 'x', 'en-US': 'x' } } },
      { method: 'POST', url: '/api/templates', payload: { code: 'shapeless', bundle: { entity: 1 } } },
      { method: 'POST', url: '/api/templates', payload: [1, 2] },
      { method: 'PUT', url: '/api/templates/draftOnly/versions/1', payload: { bundle: sampleFormV1(), renames: { __proto__x: 5 } } },
      { method: 'PUT', url: '/api/templates/draftOnly/versions/1', payload: { bundle: sampleFormV1(), renames: { 'constructor': 'title' } } },
      { method: 'GET', url: '/api/templates/draftOnly/versions/abc' },
      { method: 'POST', url: '/api/templates/publicForm/migrations/preview', payload: { from: 'x', to: 2 } },
      { method: 'POST', url: '/api/templates/publicForm/migrations/preview', payload: { from: 1, to: 9 } },
      { method: 'POST', url: '/api/templates/publicForm/migrations/preview', payload: { from: 1, to: 1 } },
    ] as const;
    for (const call of cases) {
      const res = await h.call({ ...call, token: staff, lang: 'en-US' });
      expect(res.status, `${call.method} ${call.url} ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect((await h.call({ method: 'GET', url: '/api/templates/constructor', token: staff })).status).toBe(404);
    expect((await h.call({ method: 'POST', url: '/api/templates/nothing/versions', token: staff })).status).toBe(404);
    expect((await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'draftOnly', label: { 'zh-CN': 'x', 'en-US': 'x' } } })).status).toBe(409);
    expect((await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'toString', label: { 'zh-CN': 'x', 'en-US': 'x' } } })).status).toBe(400);
    // deleting the only draft of a never-published template deletes the template
    await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'scratch', label: { 'zh-CN': '草稿', 'en-US': 'Scratch' } } });
    expect((await h.call({ method: 'DELETE', url: '/api/templates/scratch/versions/1', token: staff })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/templates/scratch', token: staff })).status).toBe(404);
    expect((await h.call({ method: 'POST', url: '/api/templates/scratch/versions', token: staff })).status).toBe(404);
  });

  it('serves a published template through the generic entity endpoints: form, list with a filter, detail', async () => {
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'sampleForm', bundle: sampleFormV1() } });
    expect(created.body.data.version.bundle.entity.name).toBe('sampleForm');
    const published = await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions/1/publish', token: staff });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ status: 'published', version: 1 });
    const make = (doc: Record<string, unknown>, token = applicant) => h.call({ method: 'POST', url: '/api/entities/sampleForm', token, payload: { doc } });
    const red = await make({ title: 'Red shirt', color: 'red', qty: '3' });
    expect(red.status).toBe(201);
    expect(red.body.data).toMatchObject({ entity: 'sampleForm', templateVersion: 1, companyId: 'c-applicant' });
    await make({ title: 'Blue shirt', color: 'blue' });
    await make({ title: 'Red hat', color: 'red' });
    const invalid = await make({ color: 'green', extra: 1, qty: 5 });
    expect(invalid.status).toBe(400);
    // An undeclared key is refused too (issue 52, 4c).
    expect(invalid.body.errors!.map((e) => e.field).sort()).toEqual(['extra', 'qty', 'title']);
    const list = await h.call({ method: 'GET', url: '/api/entities/sampleForm?f.color=red', token: applicant });
    expect(list.body.data.items.map((i: any) => i.doc.title)).toEqual(['Red shirt', 'Red hat']);
    const contains = await h.call({ method: 'GET', url: '/api/entities/sampleForm?f.title=shirt', token: applicant });
    expect(contains.body.data.total).toBe(2);
    const detail = await h.call({ method: 'GET', url: `/api/entities/sampleForm/${red.body.data.id}`, token: applicant });
    expect(detail.body.data.templateVersion).toBe(1);
    // other companies do not see it; staff (all companies) do
    expect((await h.call({ method: 'GET', url: `/api/entities/sampleForm/${red.body.data.id}`, token: buyer })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/entities/sampleForm', token: staff })).body.data.total).toBe(3);
  });

  it('keeps published versions immutable and each record on the version it was made with', async () => {
    const edit = await h.call({ method: 'PUT', url: '/api/templates/sampleForm/versions/1', token: staff, payload: { bundle: sampleFormV1() }, lang: 'en-US' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Version 1 is published and cannot change; create a new version');
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions/1/publish', token: staff })).status).toBe(409);
    expect((await h.call({ method: 'DELETE', url: '/api/templates/sampleForm/versions/1', token: staff })).status).toBe(409);

    const v2 = await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions', token: staff });
    expect(v2.status).toBe(201);
    expect(v2.body.data.version).toMatchObject({ version: 2, status: 'draft' });
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions', token: staff, lang: 'en-US' })).body.message).toBe('Draft version 2 exists; edit or publish it first');
    const bundle = v2.body.data.version.bundle;
    bundle.schema.properties.size = { type: 'string', enum: ['S', 'M'], 'x-label': { 'zh-CN': '尺码', 'en-US': 'Size' }, 'x-enumLabels': { S: { 'zh-CN': '小', 'en-US': 'Small' }, M: { 'zh-CN': '中', 'en-US': 'Medium' } } };
    bundle.schema.required = ['title', 'size'];
    expect((await h.call({ method: 'PUT', url: '/api/templates/sampleForm/versions/2', token: staff, payload: { bundle } })).body.data.problems).toEqual([]);
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions/2/publish', token: staff })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/templates/sampleForm', token: buyer })).body.data).toMatchObject({ current: 2 });

    // version 1 is unchanged
    const v1 = await h.call({ method: 'GET', url: '/api/templates/sampleForm/versions/1', token: buyer });
    expect(v1.body.data.bundle.schema.properties.size).toBeUndefined();
    // new records use version 2 (size required) …
    const newer = await h.call({ method: 'POST', url: '/api/entities/sampleForm', token: applicant, payload: { doc: { title: 'Coat' } } });
    expect(newer.status).toBe(400);
    expect(newer.body.errors!.map((e) => e.field)).toEqual(['size']);
    const coat = await h.call({ method: 'POST', url: '/api/entities/sampleForm', token: applicant, payload: { doc: { title: 'Coat', size: 'M' } } });
    expect(coat.body.data.templateVersion).toBe(2);
    // … while a version-1 record keeps version 1 and is still validated with it (no size needed)
    const old = (await h.call({ method: 'GET', url: '/api/entities/sampleForm?f.title=Red%20shirt', token: applicant })).body.data.items[0];
    const upd = await h.call({ method: 'PUT', url: `/api/entities/sampleForm/${old.id}`, token: applicant, payload: { version: old.version, doc: { ...old.doc, color: 'dark red' } } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ templateVersion: 1, version: 2, doc: { color: 'dark red' } });
    const wrong = await h.call({ method: 'PUT', url: `/api/entities/sampleForm/${old.id}`, token: applicant, payload: { version: 2, doc: { ...old.doc, size: 'M' } } });
    expect(wrong.status).toBe(400); // size is a field of version 2 only: not one of this record's
    expect(wrong.body.errorCode).toBe('FIELD_NOT_EDITABLE');
  });

  it('lists, filters and sorts across versions whose field types differ, never failing on old values', async () => {
    await publishSampleForm(h, staff, 'mixedForm');
    await h.call({ method: 'POST', url: '/api/entities/mixedForm', token: applicant, payload: { doc: { title: 'Old', qty: 'lots' } } });
    await h.call({ method: 'POST', url: '/api/entities/mixedForm', token: applicant, payload: { doc: { title: 'Older', qty: '7' } } });
    const draft = (await h.call({ method: 'POST', url: '/api/templates/mixedForm/versions', token: staff })).body.data.version.bundle;
    draft.schema.properties.qty = { type: 'integer', 'x-label': { 'zh-CN': '数量', 'en-US': 'Quantity' } };
    draft.schema.properties.ok = { type: 'boolean', 'x-label': { 'zh-CN': '合格', 'en-US': 'OK' } };
    draft.views.list.columns.push({ field: 'qty', sortable: true });
    draft.views.list.filters.push({ field: 'qty', op: 'range' }, { field: 'ok', op: 'eq' });
    const bad = structuredClone(draft);
    bad.schema.properties.qty.type = 'int';
    await h.call({ method: 'PUT', url: '/api/templates/mixedForm/versions/2', token: staff, payload: { bundle: bad } });
    const preview = await h.call({ method: 'POST', url: '/api/templates/mixedForm/migrations/preview', token: staff, payload: { from: 1, to: 2 } });
    expect(preview).toMatchObject({ status: 400, body: { errorCode: 'TEMPLATE_INVALID' } });
    await h.call({ method: 'PUT', url: '/api/templates/mixedForm/versions/2', token: staff, payload: { bundle: draft } });
    expect((await h.call({ method: 'POST', url: '/api/templates/mixedForm/versions/2/publish', token: staff })).status).toBe(200);
    await h.call({ method: 'POST', url: '/api/entities/mixedForm', token: applicant, payload: { doc: { title: 'New', qty: 5, ok: true } } });
    const sorted = await h.call({ method: 'GET', url: '/api/entities/mixedForm?sort=qty:asc', token: applicant });
    expect(sorted.status).toBe(200);
    expect(sorted.body.data.items.map((i: any) => i.doc.title)).toEqual(['New', 'Older', 'Old']);
    const ranged = await h.call({ method: 'GET', url: '/api/entities/mixedForm?f.qty=1..6', token: applicant });
    expect(ranged.body.data.items.map((i: any) => i.doc.title)).toEqual(['New']);
    const flagged = await h.call({ method: 'GET', url: '/api/entities/mixedForm?f.ok=true', token: applicant });
    expect(flagged.body.data.items.map((i: any) => i.doc.title)).toEqual(['New']);
    // publishing built the list indexes its views declare, over records of both versions
    const indexes = await h.db.query<{ indexname: string }>(`select indexname from pg_indexes where indexname like 'rx_mixedform_%' order by indexname`);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['rx_mixedform_color', 'rx_mixedform_ok', 'rx_mixedform_qty', 'rx_mixedform_title']);
  });
});
