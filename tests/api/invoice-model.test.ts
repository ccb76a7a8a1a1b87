import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { modelOf, traverse } from '../model/harness.ts';
import { EntityService } from '../../server/entities/service.ts';
import { recordInvoicePayment } from '../../server/commercial/invoice-payments.ts';

/**
 * Model-based: the invoice machine's transition cases (tests/model/harness.ts) replayed against
 * the API. Each invoice totals 500 minor units (tax rate 0); PAYMENT_RECEIVED (`by: "server"`) is
 * sent the way the payment service sends it, recordInvoicePayment, paying what leaves the example's
 * outstanding (1 for a second partial payment), so the outstanding the machine sees is the server's; the payer asks for amendments, staff reissue
 * and cancel. After every step the stored state, paid amount and balance follow the model.
 */
describe.each(BACKENDS)('invoice machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    tokens.staff = await h.login('staff');
    tokens.applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('replays every transition case; state, paid amount and balance follow the model', async () => {
    const reg = h.registry.get('invoice');
    const machine = machines.invoice;
    const service = new EntityService(h.db, undefined, h.registry);
    const cases = traverse(modelOf('invoice', machine, reg.entity.actions)).cases;
    expect(cases.length).toBeGreaterThan(5);
    const doc = { payer: { companyId: 'c-applicant', name: '演示申请方有限公司' }, payee: '通标标准技术服务有限公司', currency: 'CNY', preTaxAmount: 500, taxRate: 0, issuedDate: '2026-11-20' };
    for (const c of cases) {
      const made = await h.call({ method: 'POST', url: '/api/entities/invoice', payload: { doc }, token: tokens.staff });
      expect(made.status, `${c.name}: ${JSON.stringify(made.body)}`).toBe(201);
      let record = made.body.data;
      let model: PersistedSnapshot = initialSnapshot(machine);
      let paid = 0;
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        model = applyEvent(machine, model, event as never)!;
        if (type === 'PAYMENT_RECEIVED') {
          // The example's outstanding, where the ledger allows it; a further partial payment pays 1 (still partial).
          const outstanding = Number(payload.outstanding);
          const amount = 500 - paid - outstanding > 0 ? 500 - paid - outstanding : 1;
          expect(await h.db.transaction((tx) => recordInvoicePayment(tx, service, h.registry, record.id, { amount }, 'u-staff')), c.name).toBe(true);
          paid += amount;
          record = (await h.call({ method: 'GET', url: `/api/entities/invoice/${record.id}`, token: tokens.applicant })).body.data;
        } else {
          const side = reg.entity.actions![type]!.by === 'shared' ? 'applicant' : 'staff';
          const res = await h.call({ method: 'POST', url: `/api/entities/invoice/${record.id}/events`, payload: { type, version: record.version, payload }, token: tokens[side] });
          expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
          record = res.body.data;
        }
        expect(record.states, c.name).toEqual(stateFields(reg.entity.lifecycle!.regions, model));
        expect([record.doc.paidAmount, record.doc.invoiceBalance], c.name).toEqual([paid, 500 - paid]);
      }
    }
    console.log(`invoice machine replayed against the API (${backend}): ${cases.length} transition cases`);
  });
});
