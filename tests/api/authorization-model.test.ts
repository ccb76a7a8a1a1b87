import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { modelOf, traverse } from '../model/harness.ts';

/**
 * Model-based: every transition case of the authorization machine (tests/model/harness.ts:
 * shortest paths to every state plus one case per (state, event)) is replayed through
 * POST /api/entities/authorization/:id/events, each event sent by the side its action's `by`
 * names (the grantor owns the record, the grantee is the shared side). The stored state follows
 * the model after every step, and once a case has cancelled the authorization, every action sent
 * to it — with the version the sender last saw — answers 409 "Authority is no longer existed".
 */
describe.each(BACKENDS)('authorization machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<'owner' | 'shared' | 'server', string> = { owner: '', shared: '', server: '' };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    tokens.owner = await h.login('buyer');
    tokens.shared = await h.login('supplier');
  });
  afterAll(() => h.close());

  const request = { grantee: { companyId: 'c-supplier', name: 'Demo Supplier Co., Ltd.', customerNo: 'CN-S-0001', account: 'supplier' }, validFrom: '2026-01-01', validTo: '2026-12-31' };

  it('replays every transition case, each event by its side, and answers 409 gone on a cancelled one', async () => {
    const reg = h.registry.get('authorization');
    const actions = reg.entity.actions!;
    const cases = traverse(modelOf('authorization', machines.authorization, actions)).cases;
    expect(cases.length).toBeGreaterThanOrEqual(7);
    const regions = reg.entity.lifecycle!.regions;
    let goneChecked = 0;
    for (const c of cases) {
      const created = await h.call({ method: 'POST', url: '/api/entities/authorization', payload: { doc: request }, token: tokens.owner });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      let record = created.body.data;
      let model: PersistedSnapshot = initialSnapshot(machines.authorization);
      expect(record.states).toEqual(stateFields(regions, model));
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        const side = actions[type]!.by ?? 'owner';
        model = applyEvent(machines.authorization, model, event as never)!;
        const res = await h.call({ method: 'POST', url: `/api/entities/authorization/${record.id}/events`, payload: { type, version: record.version, payload }, token: tokens[side] });
        expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
        record = res.body.data;
        expect(record.states, c.name).toEqual(stateFields(regions, model));
      }
      if (record.states.$status !== 'cancelled') continue;
      // Someone whose page still showed the authorization acts on it: gone, whatever version they held.
      for (const [type, action] of Object.entries(actions)) {
        const lang = goneChecked % 2 ? 'zh-CN' : 'en-US';
        const payload = action.payloadSchema ? { reason: 'Too late' } : {};
        const stale = await h.call({ method: 'POST', url: `/api/entities/authorization/${record.id}/events`, payload: { type, version: record.version - 1, payload }, token: tokens[action.by ?? 'owner'], lang });
        expect([stale.status, stale.body.errorCode, stale.body.message], `${c.name} then ${type}`).toEqual([409, 'RECORD_GONE', lang === 'zh-CN' ? '授权已不存在' : 'Authority is no longer existed']);
        goneChecked++;
      }
      const edit = await h.call({ method: 'PUT', url: `/api/entities/authorization/${record.id}`, payload: { version: record.version, doc: request }, token: tokens.owner, lang: 'zh-CN' });
      expect([edit.status, edit.body.message]).toEqual([409, '授权已不存在']);
    }
    expect(goneChecked).toBeGreaterThan(0);
  });
});
