import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { modelOf, traverse } from '../model/harness.ts';


/**
 * Model-based: the quotation-statement machine's transition cases (tests/model/harness.ts)
 * replayed against the API, once for each entity it drives. Each case starts from a new record —
 * a quotation issued for a new submitted TRF that asks for one; a statement gathering a quotation
 * confirmed for its own day — and sends the case's events from the side each action is declared
 * for (the payer confirms and rejects, staff revise, request payment, mark paid and cancel). After
 * every step the stored state follows the model; a quotation's TRF follows the TRF machine taking
 * the relayed events (the entity's `relays`: a TRF state that does not take one stays) and a
 * statement keeps its gathered quotation and total.
 */
describe.each(BACKENDS)('quotation-statement machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    tokens.staff = await h.login('staff');
    tokens.applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  const payer = { companyId: 'c-applicant', name: '演示申请方有限公司' };
  const post = async (url: string, payload: object, token: string, status = 201) => {
    const res = await h.call({ method: 'POST', url, payload, token });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body.data;
  };
  /** A quotation staff issue for a new submitted TRF that asks for one. */
  const quotation = async (issuedDate: string, serviceAmount: number) => {
    const trf = await post('/api/entities/trf', { doc: validTrf({ quotationNeeded: true }) }, tokens.applicant!);
    const submitted = await post(`/api/entities/trf/${trf.id}/events`, { type: 'SUBMIT', version: trf.version }, tokens.applicant!, 200);
    const doc = { trfId: trf.id, trfNo: submitted.doc.trfNo, payer, currency: 'USD', serviceAmount, issuedDate };
    return { trfId: trf.id as string, record: await post('/api/entities/quotation', { doc }, tokens.staff!) };
  };

  it.each(['quotation', 'statement'])('replays every transition case of the %s; the state follows the model', async (entity) => {
    const reg = h.registry.get(entity);
    const machine = machines.quotationStatement;
    const cases = traverse(modelOf('quotationStatement', machine, reg.entity.actions)).cases;
    expect(cases.length).toBeGreaterThan(5);
    let day = 0;
    for (const c of cases) {
      // Each case on a day of its own (2025 for the quotations' cases, 2024 for the statements').
      const date = new Date(Date.UTC(entity === 'quotation' ? 2025 : 2024, 0, 1) + day++ * 86_400_000).toISOString().slice(0, 10);
      const issued = await quotation(date, 1000 + day);
      let record = issued.record;
      if (entity === 'statement') {
        await post(`/api/entities/quotation/${record.id}/events`, { type: 'CONFIRM', version: record.version }, tokens.applicant!, 200);
        record = await post('/api/entities/statement', { doc: { payer, periodStart: date, periodEnd: date } }, tokens.staff!);
        expect([record.doc.quotationIds, record.doc.totalUsd], c.name).toEqual([[issued.record.id], 1000 + day]);
      }
      let model: PersistedSnapshot = initialSnapshot(machine);
      expect(record.states, c.name).toEqual(stateFields(reg.entity.lifecycle!.regions, model));
      // The TRF's model: its stored snapshot, which takes each relayed event as the TRF machine says.
      const trfReg = h.registry.get('trf');
      const relayed = reg.entity.relays?.[0]?.events ?? {};
      const readTrf = async () => (await h.call({ method: 'GET', url: `/api/entities/trf/${issued.trfId}`, token: tokens.applicant })).body.data;
      let trfModel: PersistedSnapshot = entity === 'quotation' ? (await readTrf()).snapshot : initialSnapshot(machines.trf);
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        model = applyEvent(machine, model, event as never)!;
        const side = reg.entity.actions![type]!.by === 'shared' ? 'applicant' : 'staff';
        record = await post(`/api/entities/${entity}/${record.id}/events`, { type, version: record.version, payload }, tokens[side]!, 200);
        expect(record.states, c.name).toEqual(stateFields(reg.entity.lifecycle!.regions, model));
        if (entity === 'quotation') {
          const mapped = relayed[type];
          // A relayed event reaches the TRF's machine marked `$relayed` (docs/declarations.md, relays).
          if (mapped) trfModel = applyEvent(machines.trf, trfModel, { type: mapped, ...payload, $relayed: true } as never) ?? trfModel;
          expect((await readTrf()).states, `${c.name}: the TRF after ${type}`).toEqual(stateFields(trfReg.entity.lifecycle!.regions, trfModel));
        } else {
          expect(record.doc.quotationIds, c.name).toEqual([issued.record.id]);
        }
      }
    }
    console.log(`quotation-statement machine replayed against the ${entity} API (${backend}): ${cases.length} transition cases`);
  });
});
