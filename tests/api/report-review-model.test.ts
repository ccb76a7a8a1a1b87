import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { completedTrf, reportDoc, uploadPdf } from '../support/reports.ts';
import { modelOf, traverse } from '../model/harness.ts';

/**
 * Model-based: the report review machine's transition cases (tests/model/harness.ts: shortest
 * paths to every state plus one case per (state, event)) replayed against the API, each event sent
 * by the account holding its permission — staff issue, the buyer (the customer's reviewer) reviews,
 * submits, returns and finalizes. After every step the stored state follows the model, and the
 * TRF's linked review progress shows the issued report's state.
 */
describe.each(BACKENDS)('report review machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<'applicant' | 'staff' | 'buyer', string> = { applicant: '', staff: '', buyer: '' };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[a] = await h.login(a);
  });
  afterAll(() => h.close());

  it('replays every transition case through the API; state and the TRF review progress follow the model', async () => {
    const reg = h.registry.get('report');
    const machine = machines.reportReview;
    const cases = traverse(modelOf('reportReview', machine, reg.entity.actions)).cases;
    expect(cases.length).toBeGreaterThan(5);
    const buttons = async (token: string) => new Set((await h.call({ method: 'GET', url: '/api/auth/buttons', token })).body.data as string[]);
    const can = { staff: await buttons(tokens.staff), buyer: await buttons(tokens.buyer) };
    for (const c of cases) {
      // Each case its own TRF (one report version 1 per TRF), testing completed (a report is made then) so its buyer sees it.
      const trf = await completedTrf(h, tokens, validTrf());
      const made = await h.call({ method: 'POST', url: '/api/entities/report', payload: { doc: reportDoc(trf.id, await uploadPdf(h, tokens.staff)) }, token: tokens.staff });
      expect(made.status, `${c.name}: ${JSON.stringify(made.body)}`).toBe(201);
      let record = made.body.data;
      let model: PersistedSnapshot = initialSnapshot(machine);
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        const permission = reg.entity.actions![type]!.permission;
        const who = can.staff.has(permission) ? 'staff' : 'buyer';
        expect(can[who].has(permission), `${type} needs ${permission}`).toBe(true);
        model = applyEvent(machine, model, event as never)!;
        const res = await h.call({ method: 'POST', url: `/api/entities/report/${record.id}/events`, payload: { type, version: record.version, payload }, token: tokens[who] });
        expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
        record = res.body.data;
        const states = stateFields(reg.entity.lifecycle!.regions, model);
        expect(record.states, c.name).toEqual(states);
        const shown = (await h.call({ method: 'GET', url: `/api/entities/trf/${trf.id}`, token: tokens.applicant })).body.data.doc.reportReviewStatus;
        expect(shown, c.name).toBe(states.$status === 'draft' ? undefined : states.$status);
      }
    }
    console.log(`report review machine replayed against the API (${backend}): ${cases.length} transition cases`);
  });
});
