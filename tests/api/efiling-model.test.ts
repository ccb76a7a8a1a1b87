import { describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { useEfilingHarness } from '../support/efiling.ts';
import { modelOf, traverse } from '../model/harness.ts';

/**
 * Model-based: every transition case of the e-filing machine (tests/model/harness.ts) replayed
 * against the API, each event arriving as it does in the product — staff's and the applicant's
 * events through POST /events, and the regulator's answers through the outbox effect and the
 * emulator: SEND_TO_REGULATOR meets a server error (the certificate waits in `sending`, its
 * retry due), REGULATOR_ACCEPTED is the retry answered, REGULATOR_REJECTED the retry meeting an
 * expired key. Rework, pending and unpending back to the exact step (deep history) included.
 * After every step the stored state is the model's.
 */
describe.each(BACKENDS)('e-filing machine replayed against the API on %s', (backend) => {
  const s = useEfilingHarness(backend);

  it('replays every transition case; the stored state follows the model', async () => {
    const machine = machines.eFiling;
    const reg = s.h.registry.get('cpscTrfInfo');
    const regions = reg.entity.lifecycle!.regions;
    const cases = traverse(modelOf('eFiling', machine, reg.entity.actions)).cases;
    expect(cases.length).toBeGreaterThanOrEqual(15);
    const m = await s.d.masters();
    const importer = await s.d.importer();
    const emulator = s.h.app.regulator.emulator!;
    const seen = new Set<string>();
    for (const c of cases) {
      const made = await s.d.create('cpscTrfInfo', s.d.filingDoc(m, importer.id));
      let model: PersistedSnapshot = initialSnapshot(machine);
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        seen.add(type);
        const next = applyEvent(machine, model, event as never);
        if (type === 'REGULATOR_ACCEPTED' || type === 'REGULATOR_REJECTED') {
          if (type === 'REGULATOR_REJECTED') emulator.failNext('expiredKey');
          await s.h.db.query("update effects set next_attempt_at = now() where status = 'pending' and subject_id = $1", [made.id]);
          await s.h.app.effects.runDue();
        } else {
          if (type === 'SEND_TO_REGULATOR') emulator.failNext('serverError');
          const res = await s.d.send(made.id, type, payload);
          expect(res.status, `${c.name}: ${type} ${JSON.stringify(res.body)}`).toBe(next ? 200 : 409);
        }
        model = next ?? model;
        expect((await s.d.get(made.id)).states, `${c.name} after ${type}`).toEqual(stateFields(regions, model));
      }
      // A case left waiting in `sending` keeps its retry to itself: the next cases' worker runs must not answer it.
      await s.h.db.query("update effects set status = 'done' where status = 'pending' and subject_id = $1", [made.id]);
    }
    expect([...seen].sort()).toEqual(Object.keys(reg.entity.actions!).sort());
    console.log(`e-filing machine replayed against the API (${backend}): ${cases.length} transition cases`);
    // 79 cases of up to 8 steps on a shared machine: the limit only catches a hang.
  }, 600_000);

  it('unpends to the exact step it was pended in, and keeps the steps in the certificate\'s history', async () => {
    const m = await s.d.masters(1);
    const importer = await s.d.importer();
    const made = await s.d.create('cpscTrfInfo', s.d.filingDoc(m, importer.id));
    await s.d.send(made.id, 'SUBMIT');
    await s.d.send(made.id, 'REWORK', { reason: 'Check the lab id' });
    expect((await s.d.send(made.id, 'PEND', { reason: 'Waiting for the report' })).body.data.states.$status).toBe('pending');
    expect((await s.d.send(made.id, 'UNPEND')).body.data.states.$status).toBe('rework');
    const empty = await s.d.send(made.id, 'PEND', { reason: '  ' });
    expect(empty.status).toBe(400);
    const history = await s.h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo/${made.id}/history`, token: s.staff });
    const events = (history.body.data as { event?: string }[]).map((e) => e.event).filter(Boolean);
    expect(events).toEqual(expect.arrayContaining(['SUBMIT', 'REWORK', 'PEND', 'UNPEND']));
    // A customer may not validate or send: staff review.
    const buyer = await s.h.login('buyer');
    // The buyer's filing names its own importer and parties (references are checked: issue 52).
    const mine = await s.d.customerOwn(buyer);
    const own = await s.d.create('cpscTrfInfo', s.d.filingDoc(m, mine.importerId, mine.parties), buyer);
    expect((await s.d.send(own.id, 'SUBMIT', {}, buyer)).status).toBe(200);
    expect((await s.d.send(own.id, 'VALIDATE', {}, buyer)).status).toBe(403);
  });
});
