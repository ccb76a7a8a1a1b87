import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { publishSampleForm, sampleFormV1, sampleFormV2, V2_RENAMES } from './templates-fixture.ts';

/** A TRF's DFF section: stored as a record of the buyer's template, in the TRF's transaction (docs/templates.md). */
describe.each(BACKENDS)('TRF DFF data on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  let buyer: string;
  const count = async (entity: string) => Number((await h.db.query<{ n: number | string }>('select count(*) as n from records where entity = $1', [entity])).rows[0]!.n);
  const createTrf = (doc: Record<string, unknown>, dff?: unknown, lang = 'en-US') =>
    h.call({ method: 'POST', url: '/api/entities/trf', token: applicant, lang, payload: dff === undefined ? { doc } : { doc, dff } });

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
    buyer = await h.login('buyer');
    await publishSampleForm(h, staff, 'sampleForm');
    const s = await h.call({ method: 'POST', url: '/api/template-settings', token: staff, payload: { templateCode: 'sampleForm', customerGroup: 'CG-RETAIL', isDefault: true } });
    expect(s.status).toBe(201);
  });
  afterAll(() => h.close());

  it('serves every published version the user may read, and the OpenAPI document follows publishing', async () => {
    expect((await h.call({ method: 'GET', url: '/api/template-bundles' })).status).toBe(401);
    const staffOnly = sampleFormV1();
    staffOnly.entity.permissions = { ...staffOnly.entity.permissions, read: 'template:design', list: 'template:design' };
    expect((await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'labNotes', bundle: staffOnly } })).status).toBe(201);
    const before = (await h.call({ method: 'GET', url: '/api/openapi.json' })).body as any;
    expect(Object.keys(before.paths)).not.toContain('/api/entities/labNotes');
    expect((await h.call({ method: 'POST', url: '/api/templates/labNotes/versions/1/publish', token: staff })).status).toBe(200);

    const forApplicant = await h.call({ method: 'GET', url: '/api/template-bundles', token: applicant });
    expect(forApplicant.status).toBe(200);
    expect(forApplicant.body.data.map((b: any) => `${b.code}@${b.version}`)).toEqual(['sampleForm@1']);
    expect(forApplicant.body.data[0].bundle.schema.$id).toBe('https://portico.dev/templates/sampleForm/v1.json');
    expect(forApplicant.body.data[0].bundle.uiSchema).toEqual({ legacy: { 'ui:widget': 'textarea' } });
    const forStaff = await h.call({ method: 'GET', url: '/api/template-bundles', token: staff });
    expect(forStaff.body.data.map((b: any) => `${b.code}@${b.version}`)).toEqual(['labNotes@1', 'sampleForm@1']);
    // drafts never leave the designer's endpoints
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions', token: staff })).status).toBe(201);
    expect((await h.call({ method: 'GET', url: '/api/template-bundles', token: staff })).body.data).toHaveLength(2);
    expect((await h.call({ method: 'DELETE', url: '/api/templates/sampleForm/versions/2', token: staff })).status).toBe(200);

    const after = (await h.call({ method: 'GET', url: '/api/openapi.json' })).body as any;
    expect(Object.keys(after.paths)).toContain('/api/entities/labNotes');
  });

  it('creates a TRF with its DFF data in one transaction, linked both ways and listed with the template', async () => {
    const created = await createTrf(validTrf(), { template: 'sampleForm', doc: { title: 'Lot A', color: 'red' } });
    expect(created.status).toBe(201);
    const ref = created.body.data.doc.dff;
    expect(ref).toEqual({ template: 'sampleForm', recordId: expect.any(String) });
    const dff = await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ref.recordId}`, token: applicant });
    expect(dff.body.data).toMatchObject({ doc: { title: 'Lot A', color: 'red' }, templateVersion: 1 });
    const parent = await h.db.query<{ parent_id: string }>('select parent_id from records where id = $1', [ref.recordId]);
    expect(parent.rows[0]!.parent_id).toBe(created.body.data.id);
    // the template's list filters on its fields; a draft's DFF data is its company's alone, as the draft is
    const listed = async (token: string) => (await h.call({ method: 'GET', url: '/api/entities/sampleForm?f.color=red', token })).body.data.items.map((r: any) => r.id);
    expect(await listed(applicant)).toEqual([ref.recordId]);
    expect(await listed(buyer)).toEqual([]);
    expect((await h.call({ method: 'GET', url: '/api/entities/sampleForm?f.color=blue', token: applicant })).body.data.total).toBe(0);

    // an update changes the same record; leaving `dff` out keeps it
    const trf = created.body.data;
    const updated = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, token: applicant, payload: { version: 1, doc: trf.doc, dff: { template: 'sampleForm', doc: { title: 'Lot A', color: 'blue' } } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.doc.dff).toEqual(ref);
    expect((await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ref.recordId}`, token: applicant })).body.data).toMatchObject({ doc: { color: 'blue' }, version: 2 });
    const kept = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, token: applicant, payload: { version: 2, doc: { ...trf.doc, remark: 'kept' } } });
    expect(kept.body.data.doc.dff).toEqual(ref);

    // deleting the draft TRF takes its DFF record with it
    const removed = await h.call({ method: 'DELETE', url: `/api/entities/trf/${trf.id}?version=3`, token: applicant });
    expect(removed.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ref.recordId}`, token: applicant })).status).toBe(404);

    // once submitted, the buyer the TRF is shared with sees the TRF's DFF data too
    const sent = await createTrf(validTrf(), { template: 'sampleForm', doc: { title: 'Lot B', color: 'red' } });
    const submitted = await h.call({ method: 'POST', url: `/api/entities/trf/${sent.body.data.id}/events`, payload: { type: 'SUBMIT', version: 1 }, token: applicant });
    expect(submitted.status).toBe(200);
    expect(await listed(buyer)).toEqual([sent.body.data.doc.dff.recordId]);
  });

  it('copies a TRF with a copy of its DFF data, linked to the copy; the original keeps its own', async () => {
    const source = await createTrf(validTrf(), { template: 'sampleForm', doc: { title: 'Lot C', color: 'blue' } });
    expect(source.status).toBe(201);
    const sourceRef = source.body.data.doc.dff;
    const copy = await h.call({ method: 'POST', url: `/api/entities/trf/${source.body.data.id}/copy`, token: applicant });
    expect(copy.status).toBe(201);
    const ref = copy.body.data.doc.dff;
    expect(ref).toEqual({ template: 'sampleForm', recordId: expect.any(String) });
    expect(ref.recordId).not.toBe(sourceRef.recordId);
    const copied = await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ref.recordId}`, token: applicant });
    expect(copied.body.data).toMatchObject({ doc: { title: 'Lot C', color: 'blue' }, templateVersion: 1 });
    const parents = await h.db.query<{ id: string; parent_id: string }>('select id, parent_id from records where id = any($1::text[])', [[ref.recordId, sourceRef.recordId]]);
    expect(Object.fromEntries(parents.rows.map((r) => [r.id, r.parent_id]))).toEqual({ [ref.recordId]: copy.body.data.id, [sourceRef.recordId]: source.body.data.id });
    // A TRF without DFF data copies without any.
    const plain = await createTrf(validTrf());
    const plainCopy = await h.call({ method: 'POST', url: `/api/entities/trf/${plain.body.data.id}/copy`, token: applicant });
    expect(plainCopy.status).toBe(201);
    expect(plainCopy.body.data.doc.dff).toBeUndefined();
  });

  it('refuses invalid DFF data with field messages in the request language, writing nothing', async () => {
    const [trfs, dffs] = [await count('trf'), await count('sampleForm')];
    const bad = { template: 'sampleForm', doc: { title: 'x'.repeat(101), color: 5 } };
    const en = await createTrf(validTrf(), bad);
    expect(en.status).toBe(400);
    const byField = Object.fromEntries(en.body.errors!.map((e) => [e.field, e.message]));
    expect(Object.keys(byField).sort()).toEqual(['dff.color', 'dff.title']);
    expect(byField['dff.title']).toMatch(/Title.*100/);
    const zh = await createTrf(validTrf(), bad, 'zh-CN');
    expect(Object.fromEntries(zh.body.errors!.map((e) => [e.field, e.message]))['dff.title']).toMatch(/名称.*100/);
    expect(zh.body.message).toBe('提交的数据有误，请检查后重试');
    // the DFF data of a TRF being updated is checked the same way, and the TRF stays as it was
    const ok = await createTrf(validTrf(), { template: 'sampleForm', doc: { title: 'Lot B' } });
    const put = await h.call({ method: 'PUT', url: `/api/entities/trf/${ok.body.data.id}`, token: applicant, payload: { version: 1, doc: { ...ok.body.data.doc, remark: 'changed' }, dff: bad } });
    expect(put.status).toBe(400);
    const stored = await h.call({ method: 'GET', url: `/api/entities/trf/${ok.body.data.id}`, token: applicant });
    expect(stored.body.data).toMatchObject({ version: 1 });
    expect(stored.body.data.doc.remark).toBeUndefined();
    expect([await count('trf'), await count('sampleForm')]).toEqual([trfs + 1, dffs + 1]);
  });

  it('answers the SPEC messages when the buyer has no template, and saves a TRF without DFF data', async () => {
    const [trfs, dffs] = [await count('trf'), await count('sampleForm')];
    const data = { template: 'sampleForm', doc: { title: 'Lot C' } };
    // A buyer company in no customer group (a TRF's buyer must be a buyer company: its x-lookupFilter).
    await h.db.query("insert into companies (id, name, name_en, roles, approval_status) values ('c-groupless', '无组买家有限公司', 'Groupless Buyer Co., Ltd.', '{buyer}', 'approved') on conflict (id) do nothing");
    const grouplessBuyer = validTrf({ buyer: { companyId: 'c-groupless', name: 'Groupless Buyer Co., Ltd.' } });
    const noGroup = await createTrf(grouplessBuyer, data);
    expect(noGroup).toMatchObject({ status: 409, body: { errorCode: 'BUYER_NO_CUSTOMER_GROUP', message: 'The buyer "Groupless Buyer Co., Ltd." belongs to no customer group' } });
    expect((await createTrf(grouplessBuyer, data, 'zh-CN')).body.message).toBe('买家“无组买家有限公司”未归属任何客户组');
    const noBuyer = await createTrf(validTrf({ buyer: {} }), data, 'zh-CN');
    expect(noBuyer).toMatchObject({ status: 400, body: { errorCode: 'TEMPLATE_MISSING_BUYER', message: '请先选择买家，再选择模板' } });
    const otherTemplate = await createTrf(validTrf(), { template: 'labNotes', doc: { title: 'x' } });
    expect(otherTemplate).toMatchObject({ status: 409, body: { errorCode: 'DFF_TEMPLATE_CHANGED', message: 'The buyer\'s DFF template is now "Sample register": reload the form and save again' } });
    expect((await createTrf(validTrf(), { template: 'sampleForm', doc: 'x' })).status).toBe(400);
    expect([await count('trf'), await count('sampleForm')]).toEqual([trfs, dffs]);

    const plain = await createTrf(grouplessBuyer);
    expect(plain.status).toBe(201);
    expect(plain.body.data.doc.dff).toBeUndefined();
    // the reference is the server's: a client cannot point a TRF at another record
    const forged = await createTrf(validTrf(), undefined);
    const hijack = await h.call({ method: 'PUT', url: `/api/entities/trf/${forged.body.data.id}`, token: applicant, payload: { version: 1, doc: { ...forged.body.data.doc, dff: { template: 'sampleForm', recordId: 'x' } } } });
    expect(hijack.body.data.doc.dff).toBeUndefined();
  });

  it('checks the DFF data fully when the TRF is submitted, and a migration moves it to the next version', async () => {
    const created = await createTrf(validTrf(), { template: 'sampleForm', doc: { color: 'green', legacy: 'L-1', qty: '3' } });
    expect(created.status).toBe(201);
    const submit = await h.call({ method: 'POST', url: `/api/entities/trf/${created.body.data.id}/events`, token: applicant, lang: 'en-US', payload: { type: 'SUBMIT', version: 1 } });
    expect(submit.status).toBe(400);
    expect(submit.body.errors!.map((e) => e.field)).toEqual(['dff.title']);
    const ref = created.body.data.doc.dff;
    const fixed = await h.call({ method: 'PUT', url: `/api/entities/trf/${created.body.data.id}`, token: applicant, payload: { version: 1, doc: created.body.data.doc, dff: { template: 'sampleForm', doc: { title: 'Lot D', color: 'green', legacy: 'L-1', qty: '3' } } } });
    expect(fixed.status).toBe(200);
    expect((await h.call({ method: 'POST', url: `/api/entities/trf/${created.body.data.id}/events`, token: applicant, payload: { type: 'SUBMIT', version: 2 } })).status).toBe(200);

    // version 2 renames color → colour and removes legacy; the migration maps the DFF record
    const draft = await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions', token: staff });
    expect(draft.status).toBe(201);
    const v = draft.body.data.version.version;
    expect((await h.call({ method: 'PUT', url: `/api/templates/sampleForm/versions/${v}`, token: staff, payload: { bundle: sampleFormV2(), renames: V2_RENAMES } })).status).toBe(200);
    expect((await h.call({ method: 'POST', url: `/api/templates/sampleForm/versions/${v}/publish`, token: staff })).status).toBe(200);
    const run = await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations', token: staff, payload: { from: 1, to: v } });
    expect(run.status).toBe(200);
    const moved = await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ref.recordId}`, token: applicant });
    expect(moved.body.data).toMatchObject({ templateVersion: v, doc: { title: 'Lot D', colour: 'green', qty: 3 } });
    expect(moved.body.data.doc.legacy).toBeUndefined();
    const archive = await h.call({ method: 'GET', url: `/api/templates/sampleForm/archive?record=${ref.recordId}`, token: staff });
    expect(JSON.stringify(archive.body.data)).toContain('L-1');
    // the submitted TRF no longer lets its DFF data change
    const trf = (await h.call({ method: 'GET', url: `/api/entities/trf/${created.body.data.id}`, token: applicant })).body.data;
    const locked = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, token: applicant, lang: 'en-US', payload: { version: trf.version, doc: trf.doc, dff: { template: 'sampleForm', doc: { title: 'Lot E', colour: 'green', qty: 3 } } } });
    expect(locked).toMatchObject({ status: 400, body: { errorCode: 'FIELD_NOT_EDITABLE', message: 'These fields cannot be changed while the record is "Submitted": Title' } });
    expect(locked.body.errors!.map((e) => e.field)).toEqual(['dff.title']);

    // the designer's per-state editability: version 3 lets `colour` change while the TRF is submitted
    const v3 = (await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions', token: staff })).body.data.version.version;
    const bundle3 = sampleFormV2();
    bundle3.schema.properties.colour!['x-editableIn'] = ['submitted'];
    expect((await h.call({ method: 'PUT', url: `/api/templates/sampleForm/versions/${v3}`, token: staff, payload: { bundle: bundle3 } })).status).toBe(200);
    expect((await h.call({ method: 'POST', url: `/api/templates/sampleForm/versions/${v3}/publish`, token: staff })).status).toBe(200);
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations', token: staff, payload: { from: v, to: v3 } })).status).toBe(200);
    const recolour = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, token: applicant, payload: { version: trf.version, doc: trf.doc, dff: { template: 'sampleForm', doc: { title: 'Lot D', colour: 'teal', qty: 3 } } } });
    expect(recolour.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ref.recordId}`, token: applicant })).body.data).toMatchObject({ templateVersion: v3, doc: { colour: 'teal', title: 'Lot D' } });
    const retitle = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, token: applicant, lang: 'en-US', payload: { version: recolour.body.data.version, doc: trf.doc, dff: { template: 'sampleForm', doc: { title: 'Lot F', colour: 'teal', qty: 3 } } } });
    expect(retitle.body).toMatchObject({ errorCode: 'FIELD_NOT_EDITABLE', message: 'These fields cannot be changed while the record is "Submitted": Title' });
  });
});
