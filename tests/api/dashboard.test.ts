import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedDashboard, createStaticRegistry, DASHBOARD_DECLARATION } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/**
 * The dashboard's states tile (schemas/_dashboard/dashboard.json, server/dashboard/routes.ts): one
 * request counts an entity's records per state with the list's visibility, so each count is the
 * total of the list filtered by that state, for every kind of user.
 */
describe.each(BACKENDS)('dashboard counts on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const who of ['staff', 'applicant', 'buyer', 'supplier', 'agent']) t[who] = await h.login(who);
    const create = (token: string, doc: object) => h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token });
    for (let i = 0; i < 3; i++) await create(t.applicant!, validTrf());
    const submitted = (await create(t.applicant!, validTrf())).body.data;
    await h.call({ method: 'POST', url: `/api/entities/trf/${submitted.id}/events`, payload: { type: 'SUBMIT', version: submitted.version }, token: t.applicant });
    await create(t.supplier!, validTrf({ applicant: { companyId: 'c-supplier', name: 'Demo Supplier Co., Ltd.', contactName: 'Li', contactEmail: 'li@example.com' } }));
  });
  afterAll(() => h.close());

  it('counts per state what the list filtered by that state shows, for each user', async () => {
    for (const who of Object.keys(t)) {
      const counts = await h.call({ method: 'GET', url: '/api/entities/trf/state-counts?region=$status', token: t[who] });
      expect(counts.status, who).toBe(200);
      const byState = Object.fromEntries((counts.body.data as { value: string; count: number }[]).map((c) => [c.value, c.count]));
      for (const state of ['draft', 'submitted']) {
        const list = await h.call({ method: 'GET', url: `/api/entities/trf?pageSize=1&f.$status=${state}`, token: t[who] });
        expect([who, state, byState[state] ?? 0]).toEqual([who, state, list.body.data.total]);
      }
    }
    const applicant = await h.call({ method: 'GET', url: '/api/entities/trf/state-counts', token: t.applicant });
    expect(applicant.body.data.sort((a: { value: string }, b: { value: string }) => a.value.localeCompare(b.value))).toEqual([{ value: 'draft', count: 3 }, { value: 'submitted', count: 1 }]);
  });

  it('refuses an unknown region in the language, and users who may not list the entity', async () => {
    const zh = await h.call({ method: 'GET', url: '/api/entities/trf/state-counts?region=$nope', token: t.staff, lang: 'zh-CN' });
    const en = await h.call({ method: 'GET', url: '/api/entities/trf/state-counts?region=$nope', token: t.staff, lang: 'en-US' });
    expect([zh.status, zh.body.message, en.body.message]).toEqual([400, '测试申请单没有状态字段“$nope”', 'Test request form has no state field "$nope"']);
    expect((await h.call({ method: 'GET', url: '/api/entities/nothing/state-counts', token: t.staff })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/entities/trf/state-counts' })).status).toBe(401);
  });

  it('checks the declaration: tiles of unregistered entities wait for them, wrong fields of registered ones are refused', () => {
    const registry = createStaticRegistry();
    expect(checkedDashboard(DASHBOARD_DECLARATION, registry).tiles.length).toBe(DASHBOARD_DECLARATION.tiles.length);
    expect(() => checkedDashboard({ tiles: [{ kind: 'recent', entity: 'report', tag: 'reportNo' }] }, registry)).toThrow("tag 'reportNo' of 'report' is not an enum");
    expect(() => checkedDashboard({ tiles: [{ kind: 'todo', entity: 'report' }] }, registry)).toThrow("'report' has no work list");
    expect(() => checkedDashboard({ tiles: [{ kind: 'recent' }] }, registry)).toThrow('a recent tile names its entity');
    expect(checkedDashboard({ tiles: [{ kind: 'todo', entity: 'notYetRegistered' }] }, registry).tiles).toHaveLength(1);
  });
});
