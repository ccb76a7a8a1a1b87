import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../engine/index.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

const PASSWORD = 'Welcome#2026';

/** Issue 58 item 7: a user downloads their personal data; an admin closes an account, anonymising it while the records stay whole. */
describe.each(BACKENDS)('personal-data rights on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  let serial = 0;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const account of ['admin', 'staff', 'applicant']) tokens[account] = await h.login(account);
  }, 60_000);
  afterAll(() => h.close());

  /** A new account of the admin's company with a known password, logged in: its id, names and token. */
  const member = async () => {
    serial += 1;
    const n = String(serial).padStart(4, '0');
    const form = { account: `privacy${n}`, userName: `Privacy Person ${n}`, email: `privacy${n}@example.com`, mobile: `1391111${n}`, accountType: 'user', posts: ['viewer'] };
    const made = await h.call({ method: 'POST', url: '/api/account-posts', token: tokens.admin, payload: form });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await h.db.query('update users set password_hash = $2 where id = $1', [made.body.data.id, await hashPassword(PASSWORD)]);
    return { ...form, id: made.body.data.id as string, token: await h.login(form.account, PASSWORD) };
  };
  const newTrf = async (token: string) => {
    const res = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const chatAs = (recordId: string, senderId: string, name: string, body: string) =>
    h.db.query("insert into chat_messages (record_id, sender_id, sender_name, sender_side, client_id, body) values ($1, $2, $3, 'customer', $4, $5)", [recordId, senderId, name, `c-${body}`, body]);
  const close = (by: string, id: string, lang = 'en-US') => h.call({ method: 'POST', url: `/api/account-posts/${id}/close`, token: tokens[by], lang });
  const login = async (account: string, password = PASSWORD, lang = 'en-US') =>
    h.call({ method: 'POST', url: '/api/auth/token', payload: { account, password: await h.encrypt(password) }, lang });

  it('downloads the user\'s account, posts, audit and records as a JSON file, with nothing of other users', async () => {
    const m = await member();
    const own = await newTrf(m.token);
    const others = await newTrf(tokens.applicant!);
    await chatAs(own, m.id, m.userName, 'my own words');
    const applicantId = (await h.db.query<{ id: string }>("select id from users where account = 'applicant'")).rows[0]!.id;
    await chatAs(own, applicantId, '张申请', 'words of another user');

    const res = await h.app.inject({ method: 'GET', url: '/api/account/me/personal-data', headers: { 'portico-auth': `bearer ${m.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''personal-data-privacy\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const data = res.json();
    expect(data.account).toMatchObject({ id: m.id, account: m.account, userName: m.userName, email: m.email, mobile: m.mobile, companyId: 'c-applicant', posts: ['viewer'], accountState: 'enabled' });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.recordsCreated).toEqual([expect.objectContaining({ entity: 'trf', id: own })]);
    expect(data.audit).toEqual(expect.arrayContaining([expect.objectContaining({ entity: 'trf', recordId: own, kind: 'create' })]));
    expect(data.accountChanges).toEqual([expect.objectContaining({ entity: '$account', kind: 'create' })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.chatMessages.map((c: { body: string }) => c.body)).toEqual(['my own words']);
    expect(data.limits).toEqual({ rowsPerList: 5000, truncated: [] });
    const text = res.body;
    for (const foreign of [others, 'applicant@demo.portico.dev', '张申请', 'words of another user', 'admin@demo.portico.dev', '孙管理员']) expect(text).not.toContain(foreign);

    const anonymous = await h.call({ method: 'GET', url: '/api/account/me/personal-data' });
    expect(anonymous.status).toBe(401);
  });

  it('closes an account: personal fields anonymised, sessions ended, login refused in the user\'s language, records kept whole', async () => {
    const m = await member();
    const trf = await newTrf(m.token);
    await chatAs(trf, m.id, m.userName, 'hello');
    const before = (await h.call({ method: 'GET', url: `/api/entities/trf/${trf}`, token: tokens.staff })).body.data;

    const res = await close('admin', m.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: m.id, account: `closed-${m.id}`, userName: `closed-${m.id}`, email: null, mobile: null, accountState: 'closed', posts: [] });
    const { rows } = await h.db.query<Record<string, unknown>>('select account, user_name, email, mobile, contact_number, department, closed_at from users where id = $1', [m.id]);
    expect(rows[0]).toMatchObject({ account: `closed-${m.id}`, user_name: `closed-${m.id}`, email: null, mobile: null, contact_number: null, department: null });
    expect(rows[0]!.closed_at).not.toBeNull();

    // Its session ended at once; a login under its former name is refused with the translated message, a wrong password as any.
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token: m.token })).status).toBe(401);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const refused = await login(m.account, PASSWORD, lang);
      expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([403, 'ACCOUNT_CLOSED', message('ACCOUNT_CLOSED', lang)]);
    }
    expect((await login(m.account, 'Wrong#2026')).body.errorCode).not.toBe('ACCOUNT_CLOSED');

    // The TRF is unchanged and readable; the audit keeps the account's id; no personal value is left behind.
    const after = await h.call({ method: 'GET', url: `/api/entities/trf/${trf}`, token: tokens.staff });
    expect(after.status).toBe(200);
    expect(after.body.data.doc).toEqual(before.doc);
    expect(after.body.data.version).toBe(before.version);
    const audit = await h.db.query<{ actor_id: string }>("select actor_id from audit where entity = 'trf' and record_id = $1", [trf]);
    expect(audit.rows.map((r) => r.actor_id)).toContain(m.id);
    const traces = await h.db.query<{ n: number }>(
      `select (select count(*) from outbox where to_address = $2)::int + (select count(*) from audit where record_id = $1 and payload::text like '%' || $2 || '%')::int
        + (select count(*) from chat_messages where sender_name = $3)::int as n`,
      [m.id, m.email, m.userName],
    );
    expect(traces.rows[0]!.n).toBe(0);
    expect((await h.db.query("select 1 from audit where entity = 'account' and record_id = $1 and event = 'CLOSE'", [m.id])).rows).toHaveLength(1);

    const offered = (await h.call({ method: 'GET', url: '/api/lookups/accounts', token: tokens.admin })).body.data.map((o: { value: string }) => o.value);
    expect(offered).toContain('applicant');
    expect(offered).not.toContain(`closed-${m.id}`);

    // Closing is final.
    expect([(await close('staff', m.id)).status, (await h.call({ method: 'POST', url: `/api/account-posts/${m.id}/enable`, token: tokens.staff })).status]).toEqual([409, 409]);
  });

  it('lets a customer admin close only accounts of their own company, not their own; staff any company\'s', async () => {
    const buyerId = (await h.db.query<{ id: string }>("select id from users where account = 'buyer'")).rows[0]!.id;
    const adminId = (await h.db.query<{ id: string }>("select id from users where account = 'admin'")).rows[0]!.id;
    expect((await close('admin', buyerId)).status).toBe(404);
    expect((await h.db.query<{ account_state: string }>('select account_state from users where id = $1', [buyerId])).rows[0]!.account_state).toBe('enabled');
    const self = await close('admin', adminId, 'zh-CN');
    expect([self.status, self.body.errorCode, self.body.message]).toEqual([400, 'CANNOT_CLOSE_SELF', message('CANNOT_CLOSE_SELF', 'zh-CN')]);
    const m = await member();
    expect((await close('applicant', m.id)).status).toBe(403);
    expect((await close('staff', m.id)).status).toBe(200);
  });
});
