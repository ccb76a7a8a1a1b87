import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../server/entities/audit-repo.ts';
import { listEffects } from '../../server/effects/effects-repo.ts';
import { COMPANY_RECORDS_FROM_ROWS } from '../../server/db/migrations.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/**
 * Issue 12 item 4: the provider's decision on an account is a transition of
 * account-approval.machine.ts (and of customer-approval.machine.ts for a company decided with
 * its first account): refusals in the machine's words, audit rows, and the machines' mails as
 * effects written with the decision.
 */
describe.each(BACKENDS)('account approval through its machine on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let staffId: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    staffId = (await h.db.query<{ id: string }>("select id from users where account = 'staff'")).rows[0]!.id;
  });
  afterAll(() => h.close());

  /** An applicant as registration leaves them: a new company to be certified, an account to be reviewed. */
  const applicant = async (name: string, lang = 'en-US', company: { id: string; status: string } = { id: `c-${name}`, status: 'todo' }) => {
    await h.db.query("insert into companies (id, name, roles, approval_status) values ($1, $2, '{applicant}', $3) on conflict (id) do nothing", [company.id, `${name} Ltd.`, company.status]);
    await h.db.query(
      `insert into users (id, account, user_name, email, password_hash, company_id, roles, status, settings)
       values ($1, $2, $3, $4, 'x', $5, '{applicant}', 'toBeReviewed', jsonb_build_object('language', $6::text))`,
      [`u-${name}`, name, `${name} Person`, `${name}@example.com`, company.id, lang],
    );
    // The company's record (schemas/company/), whose projection the row is, as migration 010 makes it.
    await h.db.exec(COMPANY_RECORDS_FROM_ROWS);
    return `u-${name}`;
  };
  const decideAs = (id: string, action: 'approve' | 'reject', lang: string, payload?: object) =>
    h.call({ method: 'POST', url: `/api/accounts/${id}/${action}`, token: staff, lang, ...(payload ? { payload } : {}) });
  const mails = async (to: string) => (await h.call({ method: 'GET', url: `/api/outbox?to=${to}`, token: staff })).body.data as { subject: string; body: string }[];

  it('refuses a rejection without a reason in the guard\'s words, in both languages', async () => {
    const id = await applicant('noreason');
    const en = await decideAs(id, 'reject', 'en-US', { reason: '   ' });
    expect([en.status, en.body.errorCode, en.body.message]).toEqual([400, 'GUARD_FAILED', '"Reject" is possible only when a reason is given']);
    const zh = await decideAs(id, 'reject', 'zh-CN', {});
    expect(zh.body.message).toBe('只有在已填写原因时才能执行“驳回”');
    expect(await listAudit(h.db, 'account', id)).toEqual([]);
  });

  it('rejects: both machines move, each with an audit row of who, event, from → to and reason, and mails in the applicant\'s language', async () => {
    const id = await applicant('refusee', 'zh-CN');
    expect((await decideAs(id, 'reject', 'en-US', { reason: 'Unknown company' })).status).toBe(200);
    const [account] = await listAudit(h.db, 'account', id);
    expect(account).toMatchObject({ actorId: staffId, kind: 'event', event: 'REJECT', fromStates: { status: 'toBeReviewed' }, toStates: { status: 'rejected' }, payload: { reason: 'Unknown company' } });
    expect(Date.now() - Date.parse(account!.at)).toBeLessThan(3_600_000);
    const [company] = await listAudit(h.db, 'company', 'c-refusee');
    expect(company).toMatchObject({ actorId: staffId, event: 'REFUSE', fromStates: { $status: 'todo' }, toStates: { $status: 'refused' } });
    expect((await h.db.query('select approval_status, reject_reason from companies where id = $1', ['c-refusee'])).rows[0]).toEqual({ approval_status: 'refused', reject_reason: 'Unknown company' });
    // The effects were written with the decision and run once it committed.
    expect((await listEffects(h.db, 'account', id)).map((e) => [e.kind, e.params.template, e.status])).toEqual([['sendEmail', 'accountRejected', 'done']]);
    expect((await listEffects(h.db, 'company', 'c-refusee')).map((e) => [e.params.template, e.status])).toEqual([['customerRefused', 'done']]);
    const [newest, older] = await mails('refusee@example.com');
    expect(newest).toMatchObject({ subject: 'Portico 账号审核未通过', body: '很抱歉，您的注册申请未通过。原因：Unknown company' });
    expect(older).toMatchObject({ subject: 'Portico：refusee Ltd. 未通过认证' });
  });

  it('refuses a second decision with 409 and the state\'s label, in both languages', async () => {
    const id = await applicant('twice');
    expect((await decideAs(id, 'approve', 'en-US')).status).toBe(200);
    const again = await decideAs(id, 'approve', 'en-US');
    expect([again.status, again.body.errorCode, again.body.message]).toEqual([409, 'EVENT_NOT_ALLOWED', '"Approve" is not possible while the record is "Approved"']);
    expect((await decideAs(id, 'approve', 'zh-CN')).body.message).toBe('当前状态“已通过”下不能执行“审批通过”');
    expect((await listAudit(h.db, 'account', id)).map((a) => a.event)).toEqual(['APPROVE']);
    expect((await mails('twice@example.com')).map((m) => m.subject)).toEqual(['Your Portico account is approved', 'Portico: twice Ltd. is certified']);
  });

  it('makes a new company\'s approved first account its admin, who alone is mailed as the company\'s admin (a quotation to confirm)', async () => {
    const first = await applicant('payer');
    const isAdmin = async (id: string) => (await h.db.query<{ is_admin: boolean }>('select is_admin from users where id = $1', [id])).rows[0]!.is_admin;
    expect(await isAdmin(first)).toBe(false);
    expect((await decideAs(first, 'approve', 'en-US')).status).toBe(200);
    expect(await isAdmin(first)).toBe(true);
    // A refused applicant does not become one.
    const refused = await applicant('refusedfounder');
    expect((await decideAs(refused, 'reject', 'en-US', { reason: 'Unknown company' })).status).toBe(200);
    expect(await isAdmin(refused)).toBe(false);
    // The company's first quotation reaches its admin (before, the mail failed: "the payer has no admin with an email address").
    const applicantToken = await h.login('applicant');
    const trf = (await h.call({ method: 'POST', url: '/api/entities/trf', token: applicantToken, payload: { doc: validTrf({ quotationNeeded: true, payer: { companyId: 'c-payer', name: 'payer Ltd.' } }) } })).body.data;
    const submitted = (await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, token: applicantToken, payload: { type: 'SUBMIT', version: trf.version } })).body.data;
    const sent = await h.call({ method: 'POST', url: `/api/entities/trf/${trf.id}/events`, token: staff, lang: 'en-US', payload: { type: 'SEND_QUOTATION', version: submitted.version, payload: { currency: 'CNY', lines: [{ item: 'pH', amount: 30050 }] } } });
    expect([sent.status, sent.body.data.notices]).toEqual([200, undefined]);
    expect((await mails('payer@example.com')).map((m) => m.subject)).toContain(`Quotation ${(await h.call({ method: 'GET', url: `/api/entities/quotation?f.trfNo=${trf.doc.trfNo}`, token: staff })).body.data.items[0].doc.quotationNo} to confirm`);
  });

  it('leaves a certified company alone, and waits for its admin to confirm a later applicant', async () => {
    const first = await applicant('founder');
    expect((await decideAs(first, 'approve', 'en-US')).status).toBe(200);
    const later = await applicant('colleague', 'en-US', { id: 'c-founder', status: 'approved' });
    const refused = await decideAs(later, 'approve', 'en-US');
    expect([refused.status, refused.body.message]).toEqual([400, '"Approve" is possible only when the company has no admin yet (a new company’s first account)']);
    expect((await decideAs(later, 'reject', 'en-US', { reason: 'Not an employee' })).status).toBe(200);
    expect(await listAudit(h.db, 'company', 'c-founder')).toHaveLength(1);
  });
});
