import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/** Handing a TRF to another applicant account of its company (the TRANSFER action, `setsOwner`). */
describe.each(BACKENDS)('TRF transfer on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of ['applicant', 'admin', 'buyer']) t[a] = await h.login(a);
  });
  afterAll(() => h.close());

  const send = (id: string, version: number, token: string, payload: unknown, lang = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/trf/${id}/events`, payload: { type: 'TRANSFER', version, payload }, token, lang });

  it('hands a TRF to another account of the company, recorded in its history; the new owner sees it as its author', async () => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ template: 'TPL-TOYS' }) }, token: t.applicant })).body.data;
    const res = await send(made.id, 1, t.applicant!, { account: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.data.createdByName).toBe('孙管理员');
    expect(res.body.data.states.$status).toBe('draft');
    const history = (await h.call({ method: 'GET', url: `/api/entities/trf/${made.id}/history`, token: t.admin })).body.data;
    expect(history.at(-1)).toMatchObject({ kind: 'event', event: 'TRANSFER', payload: { account: 'admin' } });
    const seen = await h.call({ method: 'GET', url: `/api/entities/trf/${made.id}`, token: t.admin });
    expect(seen.body.data.createdByName).toBe('孙管理员');
  });

  it("refuses another company's account and the record's own author, in both languages", async () => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ template: 'TPL-TOYS' }) }, token: t.applicant })).body.data;
    const foreign = await send(made.id, 1, t.applicant!, { account: 'buyer' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors![0]).toMatchObject({ field: 'account', message: 'The record can only be handed to another approved account of its own company ("buyer" is not one)' });
    expect((await send(made.id, 1, t.applicant!, { account: 'buyer' }, 'zh-CN')).body.errors![0]!.message).toBe('只能转交给本公司的其他已审核账号（“buyer”不是）');
    expect((await send(made.id, 1, t.applicant!, { account: 'applicant' })).status).toBe(400);
    const history = (await h.call({ method: 'GET', url: `/api/entities/trf/${made.id}/history`, token: t.applicant })).body.data;
    expect(history.map((e: any) => e.kind)).toEqual(['create']);
  });
});
