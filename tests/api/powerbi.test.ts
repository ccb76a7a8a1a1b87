import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * Embedded BI reports (schemas/powerbiReport/, server/powerbi/): who may see one is the entity's
 * visibility (the companies it names, and staff); opening one checks the embed origin and writes the
 * power BI log, which staff read.
 */
describe.each(BACKENDS)('power BI reports on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<string, string> = {};
  const doc = (over: object = {}) => ({ name: 'Supplier scorecard', embedUrl: 'https://app.powerbi.com/view?r=abc', productLine: 'SL', companyIds: ['c-buyer'], ...over });
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const who of ['staff', 'buyer', 'supplier', 'agent']) t[who] = await h.login(who);
  });
  afterAll(() => h.close());
  const create = (d: object) => h.call({ method: 'POST', url: '/api/entities/powerbiReport', payload: { doc: d }, token: t.staff });
  const view = (id: string, who: string, lang = 'en-US') => h.call({ method: 'POST', url: `/api/powerbi/${id}/view`, token: t[who], lang });

  it('shows a report to the company it names and to staff only, and logs each view', async () => {
    const made = await create(doc());
    expect(made.status).toBe(201);
    const lists = async (who: string) => (await h.call({ method: 'GET', url: '/api/entities/powerbiReport', token: t[who] })).body.data.total;
    expect([await lists('buyer'), await lists('supplier'), await lists('staff')]).toEqual([1, 0, 1]);
    const opened = await view(made.body.data.id, 'buyer');
    expect([opened.status, opened.body.data.embedUrl]).toEqual([200, 'https://app.powerbi.com/view?r=abc']);
    expect((await view(made.body.data.id, 'supplier')).status).toBe(404);
    await view(made.body.data.id, 'staff');
    const log = await h.call({ method: 'GET', url: `/api/powerbi/log?reportId=${made.body.data.id}`, token: t.staff });
    expect(log.body.data.map((v: { account: string; reportName: string }) => [v.account, v.reportName])).toEqual([['staff', 'Supplier scorecard'], ['buyer', 'Supplier scorecard']]);
    expect((await h.call({ method: 'GET', url: '/api/powerbi/log', token: t.buyer })).status).toBe(403);
  });

  it('shows a report naming several companies to each of them, and refuses a company that does not exist', async () => {
    const both = await create(doc({ name: 'Shared scorecard', companyIds: ['c-buyer', 'c-supplier'] }));
    expect(both.status).toBe(201);
    for (const [who, status] of [['buyer', 200], ['supplier', 200], ['agent', 404]] as const) expect((await view(both.body.data.id, who)).status, who).toBe(status);
    const staffOnly = await create(doc({ name: 'Staff only', companyIds: [] }));
    expect((await view(staffOnly.body.data.id, 'buyer')).status).toBe(404);
    const ghost = await create(doc({ name: 'Ghost', companyIds: ['c-buyer', 'c-ghost'] }));
    expect([ghost.status, ghost.body.errors?.map((e: { field: string; keyword: string }) => [e.field, e.keyword])]).toEqual([400, [['companyIds', 'company']]]);
  });

  it('refuses addresses off the allowed embed origins, in both languages', async () => {
    const plain = await create(doc({ name: 'Plain', embedUrl: 'http://app.powerbi.com/view?r=x' }));
    expect([plain.status, plain.body.errors?.[0]?.message]).toEqual([400, '嵌入地址: 嵌入地址须以 https:// 开头']);
    const elsewhere = (await create(doc({ name: 'Elsewhere', embedUrl: 'https://reports.example.com/r/1' }))).body.data;
    const [zh, en] = [await view(elsewhere.id, 'buyer', 'zh-CN'), await view(elsewhere.id, 'buyer', 'en-US')];
    expect([zh.status, zh.body.message, en.body.message]).toEqual([400, '该报表的地址不在允许嵌入的来源中', "The report's address is not among the origins allowed to be embedded"]);
    const log = await h.call({ method: 'GET', url: `/api/powerbi/log?reportId=${elsewhere.id}`, token: t.staff });
    expect(log.body.data).toEqual([]);
  });
});
