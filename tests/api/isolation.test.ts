import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

describe.each(BACKENDS)('company isolation on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  let shared: any;
  let selfRef: any;
  let draft: any;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of ['applicant', 'buyer', 'supplier', 'staff', 'admin']) tokens[a] = await h.login(a);
    const submitted = async (doc: Record<string, unknown>) => {
      const created = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token: tokens.applicant })).body.data;
      return (await h.call({ method: 'POST', url: `/api/entities/trf/${created.id}/events`, payload: { type: 'SUBMIT', version: created.version }, token: tokens.applicant })).body.data;
    };
    shared = await submitted(validTrf({ remark: 'shared' }));
    selfRef = await submitted(validTrf({ remark: 'self', selfReference: true }));
    draft = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ remark: 'draft' }) }, token: tokens.applicant })).body.data;
  });
  afterAll(() => h.close());

  const get = (id: string, who: string) => h.call({ method: 'GET', url: `/api/entities/trf/${id}`, token: tokens[who] });
  const list = async (who: string) => (await h.call({ method: 'GET', url: '/api/entities/trf?pageSize=200', token: tokens[who] })).body.data.items.map((i: any) => i.id);

  it('shows a record to its company and to the companies it names', async () => {
    expect((await get(shared.id, 'applicant')).status).toBe(200);
    expect((await get(shared.id, 'admin')).status).toBe(200);
    expect((await get(shared.id, 'buyer')).status).toBe(200);
    expect(await list('buyer')).toContain(shared.id);
  });

  it('hides a record from every other company, whatever the URL says', async () => {
    expect((await get(shared.id, 'supplier')).status).toBe(404);
    expect(await list('supplier')).not.toContain(shared.id);
    const edit = await h.call({ method: 'PUT', url: `/api/entities/trf/${shared.id}`, payload: { version: 1, doc: shared.doc }, token: tokens.supplier });
    expect(edit.status).toBe(404);
    const ev = await h.call({ method: 'POST', url: `/api/entities/trf/${shared.id}/events`, payload: { type: 'CANCEL', version: 1 }, token: tokens.supplier });
    expect(ev.status).toBe(404);
    expect((await h.call({ method: 'GET', url: `/api/entities/trf/${shared.id}/history`, token: tokens.supplier })).status).toBe(404);
    expect((await h.call({ method: 'POST', url: `/api/entities/trf/${shared.id}/copy`, token: tokens.supplier })).status).toBe(404);
  });

  it('keeps a draft to its own company until it is submitted', async () => {
    expect((await get(draft.id, 'buyer')).status).toBe(404);
    expect(await list('buyer')).not.toContain(draft.id);
    expect((await get(draft.id, 'admin')).status).toBe(200);
    const sent = await h.call({ method: 'POST', url: `/api/entities/trf/${draft.id}/events`, payload: { type: 'SUBMIT', version: draft.version }, token: tokens.applicant });
    expect(sent.status).toBe(200);
    expect((await get(draft.id, 'buyer')).status).toBe(200);
    expect(await list('buyer')).toContain(draft.id);
  });

  it('hides self-reference TRFs from the buyer', async () => {
    expect((await get(selfRef.id, 'buyer')).status).toBe(404);
    expect(await list('buyer')).not.toContain(selfRef.id);
    expect((await get(selfRef.id, 'applicant')).status).toBe(200);
  });

  it('lets internal staff see every company', async () => {
    const ids = await list('staff');
    expect(ids).toEqual(expect.arrayContaining([shared.id, selfRef.id]));
  });
});
