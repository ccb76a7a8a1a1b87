import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { issuedReport } from '../support/reports.ts';
import { modelOf, traverse } from '../model/harness.ts';

/**
 * Model-based: the TRF machine's transition cases (tests/model/harness.ts: shortest paths to
 * every state plus one case per (state, event) — every transition, as tests/model proves) are
 * replayed against the API as the user who holds each event's permission; the stored state
 * must follow the model after every step.
 */
describe.each(BACKENDS)('TRF machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<'applicant' | 'staff', string> = { applicant: '', staff: '' };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    tokens.applicant = await h.login('applicant');
    tokens.staff = await h.login('staff');
  });
  afterAll(() => h.close());

  /**
   * A rejection relayed by the TRF's quotation (`$relayed`, which no user's event carries): the
   * applicant rejects the quotation to be confirmed — or, a confirmed one, once staff ask for its payment.
   */
  const rejectOnQuotation = async (trf: { doc: Record<string, unknown> }, reason: string) => {
    const listed = await h.call({ method: 'GET', url: `/api/entities/quotation?f.trfNo=${trf.doc.trfNo}`, token: tokens.staff });
    let quotation = listed.body.data.items.find((q: { states: Record<string, string> }) => ['toBeConfirmed', 'confirmed'].includes(q.states.$status!));
    if (quotation.states.$status === 'confirmed') {
      const toBePaid = await h.call({ method: 'POST', url: `/api/entities/quotation/${quotation.id}/events`, payload: { type: 'REQUEST_PAYMENT', version: quotation.version }, token: tokens.staff });
      expect(toBePaid.status, JSON.stringify(toBePaid.body)).toBe(200);
      quotation = toBePaid.body.data;
    }
    const rejected = await h.call({ method: 'POST', url: `/api/entities/quotation/${quotation.id}/events`, payload: { type: 'REQUEST_AMENDMENT', version: quotation.version, payload: { reason } }, token: tokens.applicant });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
  };

  it('replays every transition case through the API and the stored state follows the model', async () => {
    const reg = h.registry.get('trf');
    const cases = traverse(modelOf('trf', machines.trf, reg.entity.actions)).cases;
    expect(cases.length).toBeGreaterThan(21);
    const buttons = async (token: string) => new Set((await h.call({ method: 'GET', url: '/api/auth/buttons', token })).body.data as string[]);
    const can = { applicant: await buttons(tokens.applicant), staff: await buttons(tokens.staff) };
    const regions = reg.entity.lifecycle!.regions;
    for (const c of cases) {
      // Asking for a quotation, so that Send quotation may make one (its relay refuses a TRF that asks for none).
      let record = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ quotationNeeded: true }) }, token: tokens.applicant })).body.data;
      let model: PersistedSnapshot = initialSnapshot(machines.trf);
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        // A transfer names another approved account of the TRF's company than its author (the sample account is nobody's).
        if (type === 'TRANSFER') payload.account = record.createdByName === '孙管理员' ? 'applicant' : 'admin';
        // A quotation is sent priced (the model's sample payload has an empty line).
        if (type === 'SEND_QUOTATION') Object.assign(payload, { currency: 'CNY', lines: [{ item: 'pH', amount: 10000 }] });
        const permission = reg.entity.actions![type]!.permission;
        const who = can.applicant.has(permission) ? 'applicant' : 'staff';
        expect(can[who].has(permission), `${type} needs ${permission}`).toBe(true);
        model = applyEvent(machines.trf, model, event as never)!;
        // Report Issued needs the TRF's issued report with a conclusion (schemas/report/).
        if (type === 'ISSUE_REPORT') await issuedReport(h, record.id, tokens.staff);
        if (payload.$relayed === true) {
          // No user sends it: the TRF moves by its quotation's relay.
          await rejectOnQuotation(record, String(payload.reason));
          record = (await h.call({ method: 'GET', url: `/api/entities/trf/${record.id}`, token: tokens.applicant })).body.data;
          expect(record.states, c.name).toEqual(stateFields(regions, model));
          continue;
        }
        const res = await h.call({ method: 'POST', url: `/api/entities/trf/${record.id}/events`, payload: { type, version: record.version, payload }, token: tokens[who] });
        expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
        if ('deleted' in res.body.data) {
          expect((await h.call({ method: 'GET', url: `/api/entities/trf/${record.id}`, token: tokens.applicant })).status).toBe(404);
          break;
        }
        record = res.body.data;
        expect(record.states, c.name).toEqual(stateFields(regions, model));
      }
    }
    console.log(`TRF machine replayed against the API (${backend}): ${cases.length} transition cases`);
    // A hang guard only: every case replays a TRF's path through the API, on a machine shared with other work.
  }, 300_000);
});
