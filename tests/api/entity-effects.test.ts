import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

type Lang = 'zh-CN' | 'en-US';
type Mail = { to_address: string; subject: string; body: string };

/**
 * Declared entity effects (issue 14): the relationship machine's `sendEmail` names the template
 * `relationshipInvited`, which schemas/relationship/relationship.entity.json declares: the
 * counterpart's contact and the people its notification setting names, for a supplier's
 * invitation, in each recipient's language; queued with the record's transaction; a contact
 * without an address keeps the invitation and tells the user.
 */
describe.each(BACKENDS)('declared entity mail on %s', (backend) => {
  let h: ApiHarness;
  let buyer: string;
  let supplier: string;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    buyer = await h.login('buyer');
    supplier = await h.login('supplier');
    admin = await h.login('admin');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  const language = (account: string, lang: Lang) =>
    h.db.query(`update users set settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object('language', $2::text) where account = $1`, [account, lang]);
  const mailsTo = async (address: string) =>
    (await h.db.query<Mail>('select to_address, subject, body from outbox where lower(to_address) = lower($1) order by id', [address])).rows;
  const effectsOf = async (id: string) => (await h.db.query<{ status: string; params: object }>("select status, params from effects where subject = 'relationship' and subject_id = $1 order by id", [id])).rows;
  const invite = (doc: object, lang: Lang = 'en-US', token = buyer) => h.call({ method: 'POST', url: '/api/entities/relationship', payload: { doc }, token, lang });
  const send = (id: string, token: string, type: string, version: number, payload?: object) =>
    h.call({ method: 'POST', url: `/api/entities/relationship/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token });
  const supplierOf = (companyId: string, contactEmail?: string) => ({
    kind: 'supplier',
    counterpart: { companyId, name: 'Invited Co.', contactName: 'Li', ...(contactEmail ? { contactEmail } : {}) },
    tier: 1,
  });

  it("mails the counterpart's contact in the contact's language when a supplier is invited, and again when invited again", async () => {
    await language('supplier', 'en-US');
    // The inviting user writes in Chinese; the mail follows its recipient's language.
    const made = await invite(supplierOf('c-supplier', 'supplier@demo.portico.dev'), 'zh-CN');
    expect(made.status).toBe(201);
    expect(made.body.data.notices).toBeUndefined();
    const id = made.body.data.id as string;
    expect(await mailsTo('supplier@demo.portico.dev')).toEqual([
      {
        to_address: 'supplier@demo.portico.dev',
        subject: '演示买家有限公司 invites your company as its supplier',
        body: 'Dear Li,\n\n演示买家有限公司 invites Invited Co. on Portico as its Supplier (Tier 1). Please sign in to Portico and accept or decline the invitation under My customers (/scmReceiver/index).',
      },
    ]);
    expect(await effectsOf(id)).toEqual([{ status: 'done', params: { template: 'relationshipInvited' } }]);

    expect((await send(id, supplier, 'DECLINE', 1, { reason: 'Not yet' })).status).toBe(200);
    await language('supplier', 'zh-CN');
    const again = await send(id, buyer, 'REINVITE', 2);
    expect(again.body.data.states).toEqual({ $status: 'invited' });
    const [, second] = await mailsTo('supplier@demo.portico.dev');
    expect(second!.subject).toBe('演示买家有限公司 邀请贵公司成为其供应商');
    expect(second!.body).toContain('邀请 Invited Co. 成为其供应商（一级）');
  });

  it("sends nothing for another kind of invitation (the mail's `when`)", async () => {
    const made = await invite({ kind: 'agent', counterpart: { companyId: 'c-agent', contactEmail: 'agent@demo.portico.dev' } });
    expect(made.status).toBe(201);
    expect(await effectsOf(made.body.data.id)).toEqual([]);
    expect(await mailsTo('agent@demo.portico.dev')).toEqual([]);
  });

  it('keeps an invitation whose contact has no address and tells the user in their language', async () => {
    const zh = await invite(supplierOf('c-manufacturer'), 'zh-CN');
    expect([zh.status, zh.body.data.notices]).toEqual([201, ['邀请已保存，但分配供应商邮件发送失败：对方联系人没有邮箱。']]);
    const en = await invite({ ...supplierOf('c-agent'), kind: 'supplier' }, 'en-US');
    expect([en.status, en.body.data.notices]).toEqual([201, ['The invitation is saved, but the assign-supplier email failed: the contact has no email address.']]);
    // The record is there; the mail's effect is failed for good, its reason kept for staff.
    expect((await h.call({ method: 'GET', url: `/api/entities/relationship/${zh.body.data.id}`, token: buyer })).status).toBe(200);
    expect((await effectsOf(zh.body.data.id)).map((e) => e.status)).toEqual(['failed']);
  });

  it('queues nothing when the transaction that would write the invitation fails', async () => {
    const before = (await h.db.query<{ n: number }>('select count(*)::int as n from effects')).rows[0]!.n;
    await h.db.exec(`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$;
      create trigger refuse_audit before insert on audit for each row execute function refuse_audit();`);
    try {
      const failed = await invite(supplierOf('c-lab', 'lab-contact@example.com'));
      expect(failed.status).toBe(500);
    } finally {
      await h.db.exec('drop trigger refuse_audit on audit; drop function refuse_audit();');
    }
    expect((await h.db.query<{ n: number }>('select count(*)::int as n from effects')).rows[0]!.n).toBe(before);
    expect(await mailsTo('lab-contact@example.com')).toEqual([]);
    expect((await h.db.query("select id from records where entity = 'relationship' and doc->'counterpart'->>'companyId' = 'c-lab'")).rows).toEqual([]);
  });

  it("mails the people the invited company's notification setting names: its contacts, email groups and role holders", async () => {
    const create = (entity: string, doc: object, token = admin, lang: Lang = 'en-US') => h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token, lang });
    const contact = await create('contact', { name: 'Quality desk', email: 'quality@applicant.example' });
    const group = await create('emailGroup', { name: 'Sourcing', members: ['sourcing-1@applicant.example', 'QUALITY@applicant.example'] });
    expect([contact.status, group.status]).toEqual([201, 201]);
    // The company's records are offered by the entity lookup source; another company's are not.
    const options = (await h.call({ method: 'GET', url: '/api/lookups/entity:contact', token: admin })).body.data as { value: string; label: string }[];
    expect(options).toEqual([{ value: contact.body.data.id, label: 'Quality desk', data: expect.objectContaining({ title: 'Quality desk', email: 'quality@applicant.example' }) }]);
    expect((await h.call({ method: 'GET', url: '/api/lookups/entity:contact', token: buyer })).body.data).toEqual([]);
    expect((await h.call({ method: 'GET', url: '/api/lookups/entity:ghost', token: admin })).status).toBe(404);

    const setting = await create('notificationSetting', {
      event: 'relationshipInvited',
      channels: ['email', 'inApp'],
      contacts: [contact.body.data.id],
      emailGroups: [group.body.data.id],
      roles: ['customerAdmin'],
      enabled: true,
    });
    expect(setting.status).toBe(201);
    const last = (await h.db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from outbox')).rows[0]!.n;
    const made = await invite(supplierOf('c-applicant'));
    // The contact has no address, but the setting's people do: no notice.
    expect([made.status, made.body.data.notices]).toEqual([201, undefined]);
    const sent = (await h.db.query<{ to_address: string }>('select to_address from outbox where id > $1 order by to_address', [last])).rows.map((r) => r.to_address);
    expect(sent).toEqual(['admin@demo.portico.dev', 'quality@applicant.example', 'sourcing-1@applicant.example']);
    // A company user reads the settings; only its admin changes them.
    expect((await h.call({ method: 'GET', url: '/api/entities/notificationSetting', token: applicant })).body.data.total).toBe(1);
    expect((await create('notificationSetting', { event: 'trfSubmitted', channels: ['email'], enabled: true }, applicant)).status).toBe(403);
  });

  it('checks notification settings: at least one channel, and one setting per event, told in both languages', async () => {
    const create = (doc: object, lang: Lang) => h.call({ method: 'POST', url: '/api/entities/notificationSetting', payload: { doc }, token: admin, lang });
    const none = await create({ event: 'reportIssued', channels: [], enabled: true }, 'zh-CN');
    expect([none.status, none.body.errors!.map((e) => e.message)]).toEqual([400, ['通知方式: 请至少选择一种通知方式']]);
    const noneEn = await create({ event: 'reportIssued', channels: [], enabled: true }, 'en-US');
    expect(noneEn.body.errors!.map((e) => e.message)).toEqual(['Channels: Choose at least one channel']);
    expect((await create({ event: 'reportIssued', channels: ['inApp'], enabled: true }, 'en-US')).status).toBe(201);
    const twiceZh = await create({ event: 'reportIssued', channels: ['email'], enabled: false }, 'zh-CN');
    expect([twiceZh.status, twiceZh.body.errorCode, twiceZh.body.message]).toEqual([409, 'DUPLICATE_VALUE', '通知事件已存在，不能重复']);
    const twiceEn = await create({ event: 'reportIssued', channels: ['email'], enabled: false }, 'en-US');
    expect(twiceEn.body.message).toBe('Event already exists; it must be unique');
  });
});
