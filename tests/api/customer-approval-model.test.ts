import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvent, initialSnapshot, stateFields, type PersistedSnapshot } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { COMPANY_RECORDS_FROM_ROWS } from '../../server/db/migrations.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { modelOf, traverse } from '../model/harness.ts';

/**
 * Model-based: every transition case of the customer approval machine (tests/model/harness.ts:
 * the shortest path to every state plus one case per (state, event)) is replayed against the
 * company record's events, each sent by who holds its permission — the company's customer admin
 * (confirming the email, applying again) or staff (approving, refusing with a reason). Each case
 * starts from a new company in the machine's initial state. After every step the record's state
 * follows the model, and the `companies` row (the projection other code joins on) follows the record.
 */
describe.each(BACKENDS)('customer approval machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  let staff = '';
  let passwordHash = '';
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    passwordHash = await hashPassword(DEMO_PASSWORD);
  });
  afterAll(() => h.close());

  /** A company waiting for its email confirmation, with its customer admin logged in. */
  const newCompany = async (n: number) => {
    const id = `c-model-${n}`;
    await h.db.query("insert into companies (id, name, roles, approval_status) values ($1, $2, '{buyer}', 'emailConfirm')", [id, `Model ${n} Ltd.`]);
    await h.db.query(
      `insert into users (id, account, user_name, email, password_hash, company_id, dimensions, is_admin)
       values ($1, $1, $1, $2, $3, $4, '{"UserRole":"Buyer"}'::jsonb, true)`,
      [`model-admin-${n}`, `model${n}@example.com`, passwordHash, id],
    );
    await h.db.exec(COMPANY_RECORDS_FROM_ROWS);
    return { id, admin: await h.login(`model-admin-${n}`) };
  };

  it('replays every transition case through the API; record and projection follow the model', async () => {
    const reg = h.registry.get('company');
    const machine = machines.customerApproval;
    const cases = traverse(modelOf('customerApproval', machine, reg.entity.actions)).cases;
    expect(cases.length).toBeGreaterThanOrEqual(5);
    const buttons = async (token: string) => new Set((await h.call({ method: 'GET', url: '/api/auth/buttons', token })).body.data as string[]);
    const staffCan = await buttons(staff);
    const taken = new Set<string>();
    for (const [n, c] of cases.entries()) {
      const company = await newCompany(n);
      const adminCan = await buttons(company.admin);
      let record = (await h.call({ method: 'GET', url: `/api/entities/company/${company.id}`, token: company.admin })).body.data;
      let model: PersistedSnapshot = initialSnapshot(machine);
      expect(record.states, c.name).toEqual(stateFields(reg.entity.lifecycle!.regions, model));
      for (const event of c.events) {
        const { type, ...payload } = event as { type: string } & Record<string, unknown>;
        const permission = reg.entity.actions![type]!.permission;
        const token = adminCan.has(permission) ? company.admin : staff;
        expect(adminCan.has(permission) || staffCan.has(permission), `${type} needs ${permission}`).toBe(true);
        model = applyEvent(machine, model, event as never)!;
        const res = await h.call({ method: 'POST', url: `/api/entities/company/${company.id}/events`, payload: { type, version: record.version, payload }, token });
        expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
        record = res.body.data;
        taken.add(type);
        const expected = stateFields(reg.entity.lifecycle!.regions, model);
        expect(record.states, c.name).toEqual(expected);
        const { rows } = await h.db.query<{ approval_status: string }>('select approval_status from companies where id = $1', [company.id]);
        expect(rows[0]!.approval_status, c.name).toBe(expected.$status);
      }
    }
    expect([...taken].sort()).toEqual(['APPROVE', 'EMAIL_CONFIRMED', 'REAPPLY', 'REFUSE']);
  });
});
