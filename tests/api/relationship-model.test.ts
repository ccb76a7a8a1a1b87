import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { modelOf, traverse } from '../model/harness.ts';

/** The invited companies and the account acting for each (its side: `by: 'shared'`). */
const COUNTERPARTS = [
  ['c-supplier', 'supplier'],
  ['c-agent', 'agent'],
  ['c-manufacturer', 'manufacturer'],
  ['c-applicant', 'applicant'],
] as const;
const KINDS = ['supplier', 'buyer', 'agent', 'manufacturer', 'factory'] as const;

/**
 * Model-based: the relationship machine's transition cases (tests/model/harness.ts: shortest
 * paths to every state plus one case per (state, event)) replayed against the API, each event
 * sent by the side its action's `by` names (the inviting buyer, or the invited company). After
 * every step the stored state follows the model, and a supplier's invitation has queued one
 * `relationshipInvited` mail each time the model entered `invited` (created, invited again).
 */
describe.each(BACKENDS)('relationship machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const account of ['buyer', ...COUNTERPARTS.map((c) => c[1])]) tokens[account] = await h.login(account);
  });
  afterAll(() => h.close());

  it('replays every transition case through the API; state and queued invitation mails follow the model', async () => {
    const reg = h.registry.get('relationship');
    const machine = machines.relationship;
    const cases = traverse(modelOf('relationship', machine, reg.entity.actions)).cases;
    const pairs = KINDS.flatMap((kind) => COUNTERPARTS.map(([companyId, account]) => ({ companyId, account, kind })));
    expect(cases.length).toBeGreaterThan(5);
    expect(cases.length).toBeLessThanOrEqual(pairs.length);
    for (const [i, c] of cases.entries()) {
      // Each case its own counterpart and kind (one relationship per company, counterpart and kind); supplier kinds carry a contact to mail.
      const { companyId, account, kind } = pairs[i]!;
      const doc = { kind, counterpart: { companyId, contactEmail: `${account}@demo.portico.dev` }, ...(kind === 'supplier' ? { tier: 2 } : {}) };
      const made = await h.call({ method: 'POST', url: '/api/entities/relationship', payload: { doc }, token: tokens.buyer });
      expect(made.status, `${c.name}: ${JSON.stringify(made.body)}`).toBe(201);
      let record = made.body.data;
      let model: PersistedSnapshot = initialSnapshot(machine);
      let invitations = 1;
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        const side = reg.entity.actions![type]!.by === 'shared' ? account : 'buyer';
        model = applyEvent(machine, model, event as never)!;
        if (stateFields(reg.entity.lifecycle!.regions, model).$status === 'invited') invitations += 1;
        const res = await h.call({ method: 'POST', url: `/api/entities/relationship/${record.id}/events`, payload: { type, version: record.version, payload }, token: tokens[side] });
        expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
        record = res.body.data;
        expect(record.states, c.name).toEqual(stateFields(reg.entity.lifecycle!.regions, model));
      }
      const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from effects where subject = 'relationship' and subject_id = $1 and params->>'template' = 'relationshipInvited'", [record.id]);
      expect(rows[0]!.n, c.name).toBe(kind === 'supplier' ? invitations : 0);
    }
    console.log(`relationship machine replayed against the API (${backend}): ${cases.length} transition cases`);
  });
});
