import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions.ts';
import { saveMessage } from '../../server/chat/chat-repo.ts';
import { BACKENDS } from '../support/backends.ts';
import { validTrf, type ApiHarness } from '../support/api-harness.ts';
import { harnessWithAccounts } from '../support/harness-accounts.ts';

/**
 * Issue 19: a customer's TRF reaches the staff who handle it, not every staff member — the TRF's
 * `handledBy` (schemas/trf/): the staff accounts that are contacts of the TRF's lab. Its "TRF
 * submitted" notification reaches them, and their unread chats count its chat; a TRF no staff
 * account handles (no lab chosen) is every staff member's.
 */
describe.each(BACKENDS)('staff who handle a TRF on %s', (backend) => {
  let h: ApiHarness;
  let [staff, applicant, other] = ['', '', ''];
  beforeAll(async () => {
    [h, staff, applicant] = await harnessWithAccounts(backend, 'staff', 'applicant');
    // A second staff member, of no lab.
    await h.db.query(
      `insert into users (id, account, user_name, email, password_hash, company_id, roles, status, dimensions, settings)
       values ('u-staff-other', 'staff-other', 'Other Staff', 'other-staff@example.com', 'x', 'c-lab', '{}', 'approved', '{"SGSUserRole": "SgsAdmin"}', '{"language": "en-US"}')`,
    );
    other = (await createSession(h.db, 'u-staff-other')).token;
  });
  afterAll(() => h.close());

  const create = (entity: string, doc: object, token: string) => h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token, lang: 'en-US' });
  const submitted = async (doc: object) => {
    const made = await create('trf', doc, applicant);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sent = await h.call({ method: 'POST', url: `/api/entities/trf/${made.body.data.id}/events`, payload: { type: 'SUBMIT', version: made.body.data.version }, token: applicant });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return made.body.data as { id: string; doc: { trfNo: string } };
  };
  const notified = async (token: string, id: string) =>
    ((await h.call({ method: 'GET', url: '/api/notifications', token })).body.data.items as { event: string; recordId: string }[]).filter((n) => n.recordId === id).map((n) => n.event);
  const unreadChats = async (token: string) => ((await h.call({ method: 'GET', url: '/api/chat/unread', token })).body.data.chats as { recordId: string; count: number }[]).map((c) => c.recordId);

  it("sends a TRF's submission and counts its chat for its lab's staff only; a TRF without a lab is every staff member's", async () => {
    const lab = await create('lab', { name: 'Routing lab', address: '1 Lab Road', contactEmail: 'desk@lab.example.com' }, staff);
    expect(lab.status, JSON.stringify(lab.body)).toBe(201);
    const contact = await create('labContact', { labId: lab.body.data.id, name: 'Staff', email: 'STAFF@demo.portico.dev' }, staff);
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const l = lab.body.data as { id: string; version: number; doc: { name: string; address: string; contactEmail: string } };
    const routed = await submitted(validTrf({ lab: { labId: l.id, name: l.doc.name, address: l.doc.address, contactEmail: l.doc.contactEmail, labVersion: String(l.version) } }));
    const open = await submitted(validTrf());

    // The lab's contact (matched without regard to case) is told of its TRF, the other staff member is not; both are told of the TRF without a lab.
    expect(await notified(staff, routed.id)).toEqual(['trfSubmitted']);
    expect(await notified(other, routed.id)).toEqual([]);
    expect(await notified(staff, open.id)).toEqual(['trfSubmitted']);
    expect(await notified(other, open.id)).toEqual(['trfSubmitted']);

    // The customer writes in both chats: only the handling staff count the routed one.
    const customer = (await h.db.query<{ id: string }>("select id from users where account = 'applicant'")).rows[0]!.id;
    for (const [i, trf] of [routed, open].entries()) {
      await saveMessage(h.db, 'portico_test_unheard', { recordId: trf.id, senderId: customer, senderName: 'Applicant', side: 'customer', clientId: `routing-${i}`, body: 'Hello', files: [] });
    }
    expect(await unreadChats(staff)).toEqual(expect.arrayContaining([routed.id, open.id]));
    const others = await unreadChats(other);
    expect(others).toContain(open.id);
    expect(others).not.toContain(routed.id);
  });
});
