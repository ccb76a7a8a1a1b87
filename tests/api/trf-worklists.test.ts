import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/** The TRF's declared list variants (schemas/trf/trf.entity.json routes.partyLists): work lists, a buyer's variant, drafts. */
describe.each(BACKENDS)('TRF work lists on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let staff: string;
  let buyer: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
    staff = await h.login('staff');
    buyer = await h.login('buyer');
    const create = async (doc: Record<string, unknown>) => (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token: applicant })).body.data;
    const send = async (id: string, type: string, version: number, token: string) =>
      (await h.call({ method: 'POST', url: `/api/entities/trf/${id}/events`, payload: { type, version }, token })).body.data;
    ids.draft = (await create(validTrf({ remark: 'draft one' }))).id;
    const submitted = await create(validTrf());
    ids.submitted = submitted.id;
    await send(submitted.id, 'SUBMIT', 1, applicant);
    const lulu = await create(validTrf({ buyer: { companyId: 'c-buyer', name: 'Lululemon', contactName: 'Li', contactEmail: 'li@example.com' } }));
    ids.lulu = lulu.id;
    await send(lulu.id, 'SUBMIT', 1, applicant);
    const accepted = await create(validTrf());
    ids.accepted = accepted.id;
    await send(accepted.id, 'SUBMIT', 1, applicant);
    await send(accepted.id, 'ACCEPT_APPLICATION', 2, staff);
  });
  afterAll(() => h.close());

  const list = (token: string, query: string, lang = 'en-US') => h.call({ method: 'GET', url: `/api/entities/trf?${query}`, token, lang });
  const idsOf = (body: any) => body.data.items.map((r: any) => r.id).sort();

  it('shows the applicant the drafts it can submit, counted per action', async () => {
    const res = await list(applicant, 'list=todo');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([ids.draft].sort());
    expect(res.body.data.counts).toEqual([{ action: 'SUBMIT', count: 1 }, { action: 'CONFIRM_QUOTATION', count: 0 }]);
  });

  it('shows staff the submitted and accepted TRFs, counted per action they can send', async () => {
    const res = await list(staff, 'list=todo&pageSize=50');
    expect(idsOf(res.body)).toEqual([ids.submitted, ids.lulu, ids.accepted].sort());
    const counts = Object.fromEntries(res.body.data.counts.map((c: any) => [c.action, c.count]));
    expect(counts).toMatchObject({ ACCEPT_APPLICATION: 2, RETURN: 2, CONFIRM_SAMPLE_RECEIVED: 1, START_TESTING: 0, RESUME: 0 });
    expect(counts.SUBMIT).toBeUndefined();
    expect(res.body.data.total).toBe(3);
  });

  it('shows a buyer nothing it cannot act on (it may not accept, and submitted TRFs wait on the lab)', async () => {
    const res = await list(buyer, 'list=todo');
    expect(res.body.data.items).toEqual([]);
    expect(res.body.data.total).toBe(0);
  });

  it('the Lululemon variant keeps its own condition whoever asks, and its own filters only', async () => {
    const res = await list(staff, 'list=todoLululemon');
    expect(idsOf(res.body)).toEqual([ids.lulu]);
    const foreign = await list(staff, 'list=todoLululemon&f.buyer.name=Demo');
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors![0]!).toMatchObject({ field: 'buyer.name' });
  });

  it("the drafts list holds the company's unsubmitted TRFs only", async () => {
    const res = await list(applicant, 'list=drafts');
    expect(idsOf(res.body)).toEqual([ids.draft]);
    expect(res.body.data.counts).toBeUndefined();
    expect((await list(buyer, 'list=drafts')).body.data.items).toEqual([]);
  });

  it('refuses an unknown list in both languages', async () => {
    expect((await list(staff, 'list=ghost')).body.errors![0]!.message).toBe('There is no list "ghost"');
    expect((await list(staff, 'list=ghost', 'zh-CN')).body.errors![0]!.message).toBe('列表“ghost”不存在');
  });
});
