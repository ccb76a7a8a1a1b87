import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

describe.each(BACKENDS)('entity endpoints on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
    staff = await h.login('staff');
  });
  afterAll(() => h.close());

  const create = (doc: Record<string, unknown>, token = applicant, lang?: string) =>
    h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token, lang });

  it('creates a TRF with a server number, the initial state and an audit row', async () => {
    const res = await create(validTrf({ trfNo: 'HACKED' }));
    expect(res.status).toBe(201);
    const r = res.body.data;
    expect(r.doc.trfNo).toMatch(/^TRF\d{6}\d{6}$/);
    expect(r.states).toEqual({ $status: 'draft', $quotationStatus: 'none' });
    expect(r.version).toBe(1);
    expect(r.companyId).toBe('c-applicant');
    const history = await h.call({ method: 'GET', url: `/api/entities/trf/${r.id}/history`, token: applicant });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ kind: 'create', actorName: '张申请' });
  });

  it('saves an incomplete draft but refuses to submit it, naming the missing fields', async () => {
    const draft = (await create({ remark: 'just started' })).body.data;
    const submit = await h.call({ method: 'POST', url: `/api/entities/trf/${draft.id}/events`, payload: { type: 'SUBMIT', version: 1 }, token: applicant, lang: 'zh-CN' });
    expect(submit.status).toBe(400);
    expect(submit.body.errors!.map((e) => e.field).sort()).toEqual(['sampleReceivedDate', 'template']);
    expect(submit.body.errors![0]!.message).toMatch(/^请填写“/);
  });

  it('validates every body against the schema with per-field messages in the request language', async () => {
    const doc = validTrf({
      dueDate: '2026-10-01',
      buyer: { contactName: 'x'.repeat(51), contactEmail: `${'a'.repeat(200)}@example.com` },
      reportLanguage: '9',
    });
    const en = await create(doc, applicant, 'en-US');
    expect(en.status).toBe(400);
    const byField = Object.fromEntries(en.body.errors!.map((e) => [e.field, e.message]));
    expect(byField.dueDate).toBe('Due date: Due date must not be earlier than the sample received date');
    expect(byField['buyer.contactName']).toMatch(/^"Buyer · Contact name" .*50/);
    expect(byField['buyer.contactEmail']).toMatch(/^"Buyer · Contact email" .*200/);
    expect(byField.reportLanguage).toMatch(/Report language/);
    const zh = await create(doc, applicant, 'zh-CN');
    const zhByField = Object.fromEntries(zh.body.errors!.map((e) => [e.field, e.message]));
    expect(zhByField.dueDate).toBe('要求完成日期: 要求完成日期不能早于收样日期');
    expect(zhByField['buyer.contactName']).toMatch(/^“买家 · 联系人”.*50/);
    const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from records where doc->>'reportLanguage' = '9'");
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses unknown fields rather than storing them', async () => {
    const res = await create(validTrf({ sneaky: true }), applicant, 'en-US');
    expect(res.status).toBe(400);
    expect(res.body.errors![0]!.field).toBe('sneaky');
  });

  it('updates with optimistic concurrency: a stale version gets 409 and the newer data is kept', async () => {
    const r = (await create(validTrf())).body.data;
    const first = await h.call({ method: 'PUT', url: `/api/entities/trf/${r.id}`, payload: { version: 1, doc: { ...r.doc, remark: 'first' } }, token: applicant });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(2);
    const stale = await h.call({ method: 'PUT', url: `/api/entities/trf/${r.id}`, payload: { version: 1, doc: { ...r.doc, remark: 'second' } }, token: applicant, lang: 'en-US' });
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('VERSION_CONFLICT');
    expect(stale.body.data.doc.remark).toBe('first');
    const now = await h.call({ method: 'GET', url: `/api/entities/trf/${r.id}`, token: applicant });
    expect(now.body.data.doc.remark).toBe('first');
    expect(now.body.data.doc.trfNo).toBe(r.doc.trfNo);
  });

  it('lets only the fields the state allows change', async () => {
    const r = (await create(validTrf())).body.data;
    const sub = await h.call({ method: 'POST', url: `/api/entities/trf/${r.id}/events`, payload: { type: 'SUBMIT', version: 1 }, token: applicant });
    expect(sub.body.data.states.$status).toBe('submitted');
    const locked = await h.call({ method: 'PUT', url: `/api/entities/trf/${r.id}`, payload: { version: 2, doc: { ...r.doc, template: 'TPL-TOYS' } }, token: applicant, lang: 'en-US' });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('These fields cannot be changed while the record is "Submitted": template');
    const allowed = await h.call({ method: 'PUT', url: `/api/entities/trf/${r.id}`, payload: { version: 2, doc: { ...r.doc, remark: 'please hurry' } }, token: applicant });
    expect(allowed.status).toBe(200);
  });

  it('lists with server-side paging, declared filters and sort', async () => {
    for (const day of ['05', '06', '07']) await create(validTrf({ dueDate: `2026-12-${day}`, template: 'TPL-TOYS' }));
    const page = await h.call({ method: 'GET', url: '/api/entities/trf?page=1&pageSize=2&sort=dueDate:desc&f.template=TPL-TOYS', token: applicant });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items.map((i: any) => i.doc.dueDate)).toEqual(['2026-12-07', '2026-12-06']);
    const page2 = await h.call({ method: 'GET', url: '/api/entities/trf?page=2&pageSize=2&sort=dueDate:desc&f.template=TPL-TOYS', token: applicant });
    expect(page2.body.data.items.map((i: any) => i.doc.dueDate)).toEqual(['2026-12-05']);
    const range = await h.call({ method: 'GET', url: '/api/entities/trf?f.dueDate=2026-12-06..2026-12-31&f.$status=draft', token: applicant });
    expect(range.body.data.total).toBe(2);
    const contains = await h.call({ method: 'GET', url: `/api/entities/trf?f.buyer.name=${encodeURIComponent('buyer co')}`, token: applicant });
    expect(contains.body.data.total).toBeGreaterThanOrEqual(3);
    const bool = await h.call({ method: 'GET', url: '/api/entities/trf?f.isRetest=false&f.template=TPL-TOYS', token: applicant });
    expect(bool.body.data.total).toBe(3);
  });

  it('refuses undeclared filters, bad values, bad sorts and bad paging with messages', async () => {
    const cases = ['f.remark=x', 'f.$status=flying', 'sort=remark:asc', 'sort=dueDate:sideways', 'page=0', 'pageSize=1000', 'f.dueDate=2026-01-01', 'f.isRetest=maybe', 'bogus=1'];
    for (const q of cases) {
      const res = await h.call({ method: 'GET', url: `/api/entities/trf?${q}`, token: applicant, lang: 'en-US' });
      expect(res.status, q).toBe(400);
      expect(res.body.errors!.length, q).toBeGreaterThan(0);
    }
  });

  it('answers 404 for unknown entities, ids and routes', async () => {
    const unknown = await h.call({ method: 'GET', url: '/api/entities/spaceship', token: applicant, lang: 'en-US' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no entity called spaceship');
    expect((await h.call({ method: 'GET', url: '/api/entities/trf/00000000-0000-0000-0000-000000000000', token: applicant })).status).toBe(404);
    expect((await h.call({ method: 'PUT', url: '/api/entities/trf/nope', payload: { version: 1, doc: {} }, token: applicant })).status).toBe(404);
    expect((await h.call({ method: 'POST', url: '/api/entities/trf/nope/events', payload: { type: 'SUBMIT', version: 1 }, token: applicant })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/nothing-here', token: applicant })).status).toBe(404);
  });

  it('copies a TRF into a new draft without its number and dates', async () => {
    const r = (await create(validTrf({ remark: 'original' }))).body.data;
    const copy = await h.call({ method: 'POST', url: `/api/entities/trf/${r.id}/copy`, token: applicant });
    expect(copy.status).toBe(201);
    expect(copy.body.data.id).not.toBe(r.id);
    expect(copy.body.data.doc.trfNo).not.toBe(r.doc.trfNo);
    expect(copy.body.data.doc.remark).toBe('original');
    expect(copy.body.data.doc.sampleReceivedDate).toBeUndefined();
    expect(copy.body.data.states.$status).toBe('draft');
    const history = await h.call({ method: 'GET', url: `/api/entities/trf/${copy.body.data.id}/history`, token: applicant });
    // The source by its id, and by its number for people reading the history.
    expect(history.body.data[0]).toMatchObject({ kind: 'copy', payload: { copiedFrom: r.id, copiedFromTitle: r.doc.trfNo } });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/entities/trf/{id}/events'].post).toBeDefined();
    expect(doc.components.schemas.Trf.properties.dueDate).toMatchObject({ type: 'string', format: 'date' });
    // The buyer is a party whose picker lists buyers only (x-lookupFilter): its own definition.
    expect(doc.components.schemas.Trf.properties.buyer.$ref).toBe('#/components/schemas/Trf_buyerParty');
    expect(staff).toBeTruthy();
  });
});
