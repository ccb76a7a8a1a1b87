import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines } from '../../engine/index.ts';
import { reclaimInactiveAccounts } from '../../server/accounts/reclaim.ts';
import { listAudit } from '../../server/entities/audit-repo.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { modelOf, traverse } from '../model/harness.ts';

const PASSWORD = 'Welcome#2026';

/** Issue 14: a customer admin (own company) and staff (any company) create, edit, disable and enable accounts. */
describe.each(BACKENDS)('account management on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  let serial = 0;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const account of ['admin', 'staff', 'applicant', 'buyer']) tokens[account] = await h.login(account);
  });
  afterAll(() => h.close());

  /** A valid form, unique by a counter. */
  const form = (over: Record<string, unknown> = {}) => {
    serial += 1;
    const n = String(serial).padStart(4, '0');
    return { account: `member${n}`, userName: `Member ${n}`, email: `member${n}@example.com`, mobile: `1380000${n}`, accountType: 'user', posts: ['viewer'], ...over };
  };
  const create = (by: string, payload: unknown, lang = 'en-US') => h.call({ method: 'POST', url: '/api/account-posts', token: tokens[by], payload: payload as object, lang });
  const act = (by: string, id: string, what: 'disable' | 'enable' | 'close', lang = 'en-US') => h.call({ method: 'POST', url: `/api/account-posts/${id}/${what}`, token: tokens[by], lang });
  const idOf = async (account: string) => (await h.db.query<{ id: string }>('select id from users where account = $1', [account])).rows[0]!.id;
  const stateOf = async (id: string) => (await h.db.query<{ account_state: string }>('select account_state from users where id = $1', [id])).rows[0]!.account_state;
  const mailTo = async (email: string) => (await h.db.query<{ subject: string; body: string }>('select subject, body from outbox where to_address = $1 order by id desc', [email])).rows;

  /** Sets the password the way the mail's link does: the emailed code on the password reset form. */
  const setPassword = async (email: string) => {
    const [mail] = await mailTo(email);
    const link = /(\S+\/retrievePassword\?\S+)/.exec(mail!.body)![1]!;
    const params = new URL(link).searchParams;
    expect(params.get('email')).toBe(email);
    const res = await h.call({
      method: 'POST',
      url: '/api/accounts/password-reset',
      payload: { email, code: params.get('code'), password: await h.encrypt(PASSWORD), passwordRepeat: await h.encrypt(PASSWORD) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const login = async (account: string, lang = 'en-US') => h.call({ method: 'POST', url: '/api/auth/token', payload: { account, password: await h.encrypt(PASSWORD) }, lang });

  it('creates an account in the admin\'s company, enabled at once, with a mail whose link sets its password', async () => {
    const f = form({ department: 'Quality', companyId: 'c-buyer' });
    const res = await create('admin', f, 'zh-CN');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // A customer admin's accounts are of their own company, whatever company the body names.
    expect(res.body.data).toMatchObject({ account: f.account, companyId: 'c-applicant', status: 'approved', accountState: 'enabled', accountType: 'user', department: 'Quality', posts: ['viewer'], roles: ['applicant'] });
    const [mail] = await mailTo(f.email);
    expect(mail!.subject).toBe('Portico：您的 演示申请方有限公司 账号已开通');
    expect(mail!.body).toContain(`登录账号为 ${f.account}`);
    await setPassword(f.email);
    const session = await login(f.account);
    expect(session.status).toBe(200);
    const me = (await h.call({ method: 'GET', url: '/api/auth/me', token: session.body.data.accessToken })).body.data;
    expect(me.posts).toEqual(['viewer']);
    const audit = await h.db.query<{ kind: string; actor_id: string }>("select kind, actor_id from audit where entity = '$account' and record_id = $1", [res.body.data.id]);
    expect(audit.rows).toEqual([{ kind: 'create', actor_id: await idOf('admin') }]);
  });

  it('checks the fields with the form schema, with messages in the request language', async () => {
    const bad = { account: 'a b', userName: 'ab', email: 'not-mail', mobile: '12345', accountType: 'agent', posts: ['nope'] };
    const en = await create('admin', bad, 'en-US');
    expect([en.status, en.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    const byField = (body: { errors?: { field: string; message: string }[] }) => Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
    expect(byField(en.body)).toMatchObject({
      account: 'Login account: The account may contain letters, digits and _ . @ - only',
      userName: 'User name: The user name has 3 to 50 characters',
      email: 'Email: Enter a valid email address',
      mobile: 'Mobile number: Enter an 11-digit mainland China mobile number',
      accountType: 'Account type: Choose an account type',
    });
    const zh = await create('admin', bad, 'zh-CN');
    expect(byField(zh.body)).toMatchObject({
      userName: expect.stringContaining('用户名长度为 3–50 个字符'),
      email: expect.stringContaining('请输入有效的邮箱地址'),
      mobile: expect.stringContaining('请输入 11 位中国大陆手机号码'),
      accountType: expect.stringContaining('请选择账号类型'),
    });
    const post = await create('admin', form({ posts: ['nope'] }), 'en-US');
    expect([post.status, post.body.errorCode, post.body.errors![0]!.field]).toEqual([400, 'UNKNOWN_POST', 'posts']);
    const missing = await create('admin', {}, 'en-US');
    expect(missing.body.errors!.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['account', 'userName', 'email', 'mobile', 'accountType']));
    expect((await h.db.query("select 1 from users where account = 'a b'")).rows).toHaveLength(0);
  });

  it('refuses a login account, email or mobile another account has (409, under the field)', async () => {
    const taken = form();
    expect((await create('admin', taken)).status).toBe(201);
    for (const [field, value, code, zh] of [
      ['account', taken.account.toUpperCase(), 'ACCOUNT_TAKEN', '该登录账号已被使用'],
      ['email', 'buyer@demo.portico.dev', 'EMAIL_TAKEN', '该邮箱已被其他账号使用'],
      ['mobile', taken.mobile, 'MOBILE_TAKEN', '该手机号已被其他账号使用'],
    ] as const) {
      const res = await create('admin', form({ [field]: value }), 'zh-CN');
      expect([res.status, res.body.errorCode, res.body.errors![0]!.field, res.body.errors![0]!.message]).toEqual([409, code, field, zh]);
    }
  });

  it('edits an account, auditing what changed, and keeps uniqueness', async () => {
    const f = form();
    const id = (await create('admin', f)).body.data.id as string;
    const edit = (payload: object, by = 'admin', lang = 'en-US') => h.call({ method: 'PATCH', url: `/api/account-posts/${id}`, token: tokens[by], payload, lang });
    const res = await edit({ ...f, userName: 'Renamed member', accountType: 'buyer', department: 'Purchasing', posts: ['finance', 'viewer'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ userName: 'Renamed member', accountType: 'buyer', roles: ['buyer'], department: 'Purchasing', posts: ['finance', 'viewer'] });
    const { rows } = await h.db.query<{ kind: string; payload: Record<string, unknown> }>("select kind, payload from audit where entity = '$account' and record_id = $1 order by id", [id]);
    expect(rows.map((r) => r.kind)).toEqual(['create', 'update', 'posts']);
    expect(rows[1]!.payload).toEqual({ from: { userName: f.userName, accountType: 'Applicant', department: null }, to: { userName: 'Renamed member', accountType: 'Buyer', department: 'Purchasing' } });
    // The account's post history starts with the posts it was created with (the page's "History").
    const history = await h.call({ method: 'GET', url: `/api/account-posts/${id}/history`, token: tokens.admin });
    expect(history.body.data.map((c: { actorName: string; from: string[]; to: string[] }) => [c.actorName, c.from, c.to])).toEqual([
      ['孙管理员', [], ['viewer']],
      ['孙管理员', ['viewer'], ['finance', 'viewer']],
    ]);
    const dup = await edit({ ...f, email: 'admin@demo.portico.dev' });
    expect([dup.status, dup.body.errors![0]!.field]).toEqual([409, 'email']);
    expect((await edit({ ...f, userName: 'x' })).body.errors![0]!).toMatchObject({ field: 'userName', message: 'User name: The user name has 3 to 50 characters' });
  });

  it('hides other companies\' accounts from a customer admin (404) and refuses accounts without the permission (403)', async () => {
    const buyerId = await idOf('buyer');
    expect((await act('admin', buyerId, 'disable')).status).toBe(404);
    expect((await h.call({ method: 'PATCH', url: `/api/account-posts/${buyerId}`, token: tokens.admin, payload: form() })).status).toBe(404);
    expect(await stateOf(buyerId)).toBe('enabled');
    expect((await create('applicant', form())).status).toBe(403);
    expect((await act('applicant', await idOf('admin'), 'disable')).status).toBe(403);
    expect((await h.call({ method: 'POST', url: '/api/account-posts', payload: form() })).status).toBe(401);
  });

  it('lets staff manage any company: create in a named company, disable, enable', async () => {
    const noCompany = await create('staff', form(), 'en-US');
    expect([noCompany.status, noCompany.body.errors![0]!.field, noCompany.body.message]).toEqual([400, 'companyId', "Choose the account's company"]);
    expect((await create('staff', form({ companyId: 'c-nowhere' }))).status).toBe(400);
    const made = await create('staff', form({ companyId: 'c-buyer', accountType: 'buyer' }));
    expect(made.body.data).toMatchObject({ companyId: 'c-buyer', roles: ['buyer'] });
    const buyerId = await idOf('buyer');
    expect((await act('staff', buyerId, 'disable')).body.data.accountState).toBe('disabled');
    expect((await act('staff', buyerId, 'enable')).body.data.accountState).toBe('enabled');
  });

  it('ends a disabled account\'s sessions at once and refuses its login in both languages; enabling lets it in again', async () => {
    const f = form();
    const id = (await create('admin', f)).body.data.id as string;
    await setPassword(f.email);
    const token = (await login(f.account)).body.data.accessToken as string;
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(200);
    expect((await act('admin', id, 'disable')).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(401);
    const en = await login(f.account, 'en-US');
    expect([en.status, en.body.errorCode, en.body.message]).toEqual([403, 'ACCOUNT_DISABLED', 'This account is disabled; contact your company admin']);
    expect((await login(f.account, 'zh-CN')).body.message).toBe('该账号已被停用，请联系贵公司管理员');
    expect((await act('admin', id, 'enable')).status).toBe(200);
    expect((await login(f.account)).status).toBe(200);
    expect((await mailTo(f.email))[0]!.subject).toBe('Your Portico account is enabled');
    const events = (await listAudit(h.db, 'account', id)).map((a) => [a.event, a.actorId]);
    expect(events).toEqual([['DISABLE', await idOf('admin')], ['ENABLE', await idOf('admin')]]);
    // The page's "History" shows both, after the posts it was created with, by whom, the states before and after.
    const history = await h.call({ method: 'GET', url: `/api/account-posts/${id}/history`, token: tokens.admin });
    const admin = (await h.db.query<{ user_name: string }>("select user_name from users where account = 'admin'")).rows[0]!.user_name;
    expect(history.body.data.slice(-2)).toEqual([
      { at: expect.any(String), actorName: admin, from: [], to: [], state: { from: 'enabled', to: 'disabled' } },
      { at: expect.any(String), actorName: admin, from: [], to: [], state: { from: 'disabled', to: 'enabled' } },
    ]);
  });

  it('refuses an admin disabling themself, or the last enabled admin of a company, with the reason', async () => {
    const adminId = await idOf('admin');
    const self = await act('admin', adminId, 'disable', 'en-US');
    expect([self.status, self.body.errorCode, self.body.message]).toEqual([400, 'CANNOT_DISABLE_SELF', 'You cannot disable your own account']);
    expect((await act('admin', adminId, 'disable', 'zh-CN')).body.message).toBe('不能停用自己的账号');
    const last = await act('staff', adminId, 'disable', 'en-US');
    expect([last.status, last.body.errorCode, last.body.message]).toEqual([400, 'LAST_ENABLED_ADMIN', '"admin" is the last enabled admin of its company and cannot be disabled']);
    // With a second enabled admin, the first may be disabled (by staff) — and then the second is the last.
    const second = (await create('admin', form())).body.data.id as string;
    await h.db.query('update users set is_admin = true where id = $1', [second]);
    expect((await act('staff', adminId, 'disable')).status).toBe(200);
    expect((await act('staff', second, 'disable')).body.errorCode).toBe('LAST_ENABLED_ADMIN');
    expect((await act('staff', adminId, 'enable')).status).toBe(200);
    expect(await stateOf(adminId)).toBe('enabled');
    tokens.admin = await h.login('admin');
  });

  it('paginates and searches the account list (20 a page)', async () => {
    for (let i = 0; i < 21; i += 1) expect((await create('admin', form({ userName: `Paged person ${i}` }))).status).toBe(201);
    const list = (query: string) => h.call({ method: 'GET', url: `/api/account-posts?${query}`, token: tokens.admin });
    const first = (await list('')).body.data;
    expect(first.accounts).toHaveLength(20);
    expect(first.total).toBeGreaterThan(25);
    const second = (await list('page=2')).body.data;
    expect(second.accounts[0].account > first.accounts[19].account).toBe(true);
    const found = (await list('q=paged%20PERSON')).body.data;
    expect([found.total, found.accounts.length]).toEqual([21, 20]);
    expect((await list('q=admin@demo')).body.data.accounts.map((a: { account: string }) => a.account)).toEqual(['admin']);
    expect((await list('q=%25')).body.data.total).toBe(0);
    expect((await list('pageSize=5&page=abc')).body.data.accounts).toHaveLength(5);
  });

  it('replays every path of account-status.machine.ts against the API, and refuses what the machine does not take', async () => {
    const model = traverse(modelOf('accountStatus', machines.accountStatus));
    expect(model.cases.map((c) => c.name).sort()).toEqual([
      '"disabled" + CLOSE', '"disabled" + ENABLE', '"enabled" + CLOSE', '"enabled" + DISABLE', '"enabled" + RECLAIM', '"reclaimed" + CLOSE', '"reclaimed" + ENABLE',
    ]);
    const drive = async (id: string, type: string) => {
      if (type === 'RECLAIM') {
        // Its last activity 25 months ago: the hourly sweep reclaims it (and only it).
        await h.db.query("update users set created_at = now() - interval '25 months' where id = $1", [id]);
        await h.db.query("update audit set at = now() - interval '25 months' where entity = 'account' and record_id = $1", [id]);
        return reclaimInactiveAccounts(h.db, h.app.effects);
      }
      return act('staff', id, type === 'DISABLE' ? 'disable' : type === 'CLOSE' ? 'close' : 'enable');
    };
    const refusal = { enabled: undefined, disabled: 'ACCOUNT_DISABLED', reclaimed: 'ACCOUNT_RECLAIMED', closed: 'ACCOUNT_CLOSED' } as Record<string, string | undefined>;
    for (const c of model.cases) {
      const f = form();
      const id = (await create('admin', f)).body.data.id as string;
      await setPassword(f.email);
      for (const event of c.events) {
        const res = await drive(id, event.type);
        if (typeof res !== 'number') expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(200);
        else expect(res, c.name).toBe(1);
      }
      expect(await stateOf(id), c.name).toBe(c.expected);
      const answer = await login(f.account);
      expect(answer.body.errorCode, c.name).toBe(refusal[String(c.expected)]);
      // Every event the state does not take is refused with the machine's labels.
      for (const type of ['DISABLE', 'ENABLE', 'CLOSE'].filter((t) => !machines.accountStatus.resolveState({ value: String(c.expected), context: {} }).can({ type: t, self: false, lastAdmin: false } as never))) {
        const res = await drive(id, type);
        expect(typeof res !== 'number' && [res.status, res.body.errorCode], `${c.expected} + ${type}`).toEqual([409, 'EVENT_NOT_ALLOWED']);
      }
    }
    const reclaimed = (await h.db.query<{ id: string; email: string }>("select id, email from users where account_state = 'reclaimed'")).rows;
    expect(reclaimed).toHaveLength(1);
    expect((await mailTo(reclaimed[0]!.email))[0]!.subject).toBe('Your Portico account was reclaimed');
    // Enabling a reclaimed account restarted its inactivity clock: the sweep leaves the re-enabled one alone.
    expect(await reclaimInactiveAccounts(h.db, h.app.effects)).toBe(0);
  });

  it('declares account authorizations: an account with a customer group or a customer list, required by the chosen scope', async () => {
    const post = (by: string, doc: object, lang = 'en-US') => h.call({ method: 'POST', url: '/api/entities/accountAuthorization', token: tokens[by], payload: { doc }, lang });
    const fields = (res: { body: { errors?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));
    const group = await post('admin', { account: 'applicant', scope: 'customerGroup' });
    expect([group.status, fields(group).customerGroup]).toEqual([400, 'Customer group: With a customer group scope, choose the customer group']);
    const list = await post('admin', { account: 'applicant', scope: 'customerList', customers: [] }, 'zh-CN');
    expect(list.status).toBe(400);
    expect(fields(list).customers).toContain('授权范围为客户列表时，请至少选择一个客户');
    expect(fields(await post('admin', { account: 'applicant', scope: 'customerList' })).customers).toBe('Customers: With a customer list scope, choose at least one customer');
    expect(fields(await post('admin', { scope: 'everyone' })).scope).toBe('Scope: Choose the scope: a customer group or a customer list');
    expect((await post('admin', { account: 'applicant', scope: 'customerGroup', customerGroup: 'CG-RETAIL' })).status).toBe(201);
    expect((await post('admin', { account: 'newcomer', scope: 'customerList', customers: ['c-buyer', 'c-supplier'] })).status).toBe(201);
    // One authorization per account.
    const again = await post('admin', { account: 'applicant', scope: 'customerList', customers: ['c-buyer'] });
    expect([again.status, again.body.errors![0]!.field]).toEqual([409, 'account']);
    // Granted to customer admins and staff only; the lookups offer the admin's own accounts and the customer groups.
    expect((await post('applicant', { account: 'applicant', scope: 'customerGroup', customerGroup: 'CG-RETAIL' })).status).toBe(403);
    const accounts = (await h.call({ method: 'GET', url: '/api/lookups/accounts', token: tokens.admin })).body.data.map((o: { value: string }) => o.value);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'applicant']));
    expect(accounts).not.toContain('buyer');
    const groups = (await h.call({ method: 'GET', url: '/api/lookups/customerGroups', token: tokens.admin, lang: 'en-US' })).body.data;
    expect(groups[0]).toEqual({ value: 'CG-RETAIL', label: 'Retail brands' });
  });
});
