import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_RECORDS_FROM_ROWS } from '../../server/db/migrations.ts';
import { listEffects } from '../../server/effects/effects-repo.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/** Real unified social credit codes (GB 32100-2015) and one with a wrong check character. */
const TAX_NO = '91440300708461136T';
const OTHER_TAX_NO = '91110000802100433B';
const WRONG_CHECK = '91440300708461136X';

/**
 * Companies (issue 14): the `company` entity's record is the company (schemas/company/), the
 * `companies` row its projection, written in the same transaction; customer approval is its
 * lifecycle. Staff register customers (with their first account) and decide them; a customer
 * admin edits their own company only.
 */
describe.each(BACKENDS)('companies on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    [staff, admin, applicant] = [await h.login('staff'), await h.login('admin'), await h.login('applicant')];
  });
  afterAll(() => h.close());

  const create = (doc: object, lang: 'zh-CN' | 'en-US' = 'en-US', token = staff) => h.call({ method: 'POST', url: '/api/entities/company', payload: { doc }, token, lang });
  const get = (id: string, token = staff) => h.call({ method: 'GET', url: `/api/entities/company/${id}`, token });
  const put = (id: string, doc: object, version: number, token: string, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    h.call({ method: 'PUT', url: `/api/entities/company/${id}`, payload: { doc, version }, token, lang });
  const send = (id: string, type: string, version: number, payload?: object, lang: 'zh-CN' | 'en-US' = 'en-US', token = staff) =>
    h.call({ method: 'POST', url: `/api/entities/company/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token, lang });
  const row = async (id: string) =>
    (await h.db.query<{ name: string; name_en: string | null; customer_no: string | null; approval_status: string; reject_reason: string | null }>(
      'select name, name_en, customer_no, approval_status, reject_reason from companies where id = $1',
      [id],
    )).rows[0];
  /** Every company record agrees with its projection row. */
  const consistent = async () => {
    const { rows } = await h.db.query<{ id: string }>(
      `select c.id from companies c left join records r on r.id = c.id and r.entity = 'company'
       where r.id is null or r.company_id <> c.id or r.state <> c.approval_status or r.doc->>'name' <> c.name
         or coalesce(r.doc->>'customerNo', '') <> coalesce(c.customer_no, '') or coalesce(r.doc->>'nameEn', '') <> coalesce(c.name_en, '')`,
    );
    return rows.map((r) => r.id);
  };
  /** A company waiting for the provider (as registration leaves it), with its applicant. */
  const waiting = async (name: string) => {
    await h.db.query("insert into companies (id, name, roles, approval_status) values ($1, $2, '{applicant}', 'todo')", [`c-${name}`, `${name} Ltd.`]);
    await h.db.query(
      "insert into users (id, account, user_name, email, password_hash, company_id, status, settings) values ($1, $1, $1, $2, 'x', $3, 'toBeReviewed', '{\"language\":\"zh-CN\"}')",
      [`u-${name}`, `${name}@example.com`, `c-${name}`],
    );
    await h.db.exec(COMPANY_RECORDS_FROM_ROWS);
    return `c-${name}`;
  };

  it('has a record for every company, each its own company and in step with its row', async () => {
    expect(await consistent()).toEqual([]);
    const own = await get('c-applicant', applicant);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: 'c-applicant', companyId: 'c-applicant', states: { $status: 'approved' }, doc: { name: '演示申请方有限公司', customerNo: 'CN-P-0001' } });
  });

  it('checks the tax number\'s check character, in both languages, the same rule the browser runs', async () => {
    const doc = { name: '校验公司', roles: ['supplier'] };
    const en = await create({ ...doc, taxNo: WRONG_CHECK });
    expect([en.status, en.body.errors]).toEqual([400, [expect.objectContaining({ field: 'taxNo', keyword: 'x-uscc', message: '"Tax number (unified social credit code)" is not a valid unified social credit code (18 characters with a GB 32100-2015 check character)' })]]);
    const zh = await create({ ...doc, taxNo: '9144030070846113' }, 'zh-CN');
    expect(zh.body.errors!.map((e: { message: string }) => e.message)).toEqual(['“税号（统一社会信用代码）”不是有效的统一社会信用代码（18 位，校验位须符合 GB 32100-2015）']);
    const made = await create({ ...doc, taxNo: TAX_NO });
    expect([made.status, made.body.data.states]).toEqual([201, { $status: 'approved' }]);
    const id = made.body.data.id as string;
    expect(made.body.data.companyId).toBe(id);
    expect(await row(id)).toMatchObject({ name: '校验公司', approval_status: 'approved' });
    // A tax number belongs to one company.
    const again = await create({ name: '重复公司', roles: ['buyer'], taxNo: TAX_NO }, 'zh-CN');
    expect([again.status, again.body.errorCode]).toEqual([409, 'DUPLICATE_VALUE']);
  });

  it('takes a business licence as one JPG of at most 2 MB', async () => {
    const upload = (type: string, size: number) => {
      const body = Buffer.alloc(size, 1);
      if (type === 'image/jpeg') body.set([0xff, 0xd8, 0xff]);
      return h.app.inject({ method: 'POST', url: '/api/files?name=licence.jpg', headers: { 'content-type': type, 'portico-auth': `bearer ${admin}` }, payload: body });
    };
    expect((await upload('image/jpeg', 2 * 1024 * 1024 + 1)).statusCode).toBe(413);
    expect((await upload('image/png', 100)).statusCode).toBe(415);
    const jpg = (await upload('image/jpeg', 2048)).json().data;
    const current = (await get('c-applicant', admin)).body.data;
    const licence = (item: object) => put('c-applicant', { ...current.doc, businessLicence: [item] }, current.version, admin, 'zh-CN');
    const pdf = await licence({ fileId: jpg.fileId, fileName: 'licence.pdf', contentType: 'application/pdf', size: 2048 });
    expect([pdf.status, pdf.body.errors!.map((e: { message: string }) => e.message)]).toEqual([400, ['营业执照 · Content type (#1): 营业执照只能是 JPG 图片']]);
    const big = await licence({ fileId: jpg.fileId, fileName: 'licence.jpg', contentType: 'image/jpeg', size: 3 * 1024 * 1024 });
    expect(big.body.errors!.map((e: { keyword: string }) => e.keyword)).toEqual(['maximum']);
    const ok = await licence({ fileId: jpg.fileId, fileName: 'licence.jpg', contentType: 'image/jpeg', size: 2048 });
    expect([ok.status, ok.body.data.doc.businessLicence[0].fileId]).toEqual([200, jpg.fileId]);
    // The company's other accounts read it, and the file with it.
    expect((await h.app.inject({ method: 'GET', url: `/api/files/${jpg.fileId}`, headers: { 'portico-auth': `bearer ${applicant}` } })).statusCode).toBe(200);
  });

  it('lets a customer admin edit their own company only; its other accounts read it', async () => {
    const current = (await get('c-applicant', admin)).body.data;
    const edited = await put('c-applicant', { ...current.doc, nameEn: 'Demo Applicant Group', productCategory: 'toys' }, current.version, admin);
    expect(edited.status).toBe(200);
    expect(await row('c-applicant')).toMatchObject({ name_en: 'Demo Applicant Group' });
    const stranger = await put('c-buyer', { name: 'Taken over', roles: ['buyer'] }, 1, admin);
    expect(stranger.status).toBe(404);
    expect((await row('c-buyer'))!.name).toBe('演示买家有限公司');
    const plain = await put('c-applicant', { ...edited.body.data.doc, nameEn: 'Not mine to change' }, edited.body.data.version, applicant, 'zh-CN');
    expect([plain.status, plain.body.errorCode]).toEqual([403, 'FORBIDDEN']);
    // The customer admin's list holds their own company; staff see every company.
    const list = async (token: string) => ((await h.call({ method: 'GET', url: '/api/entities/company?pageSize=100', token })).body.data.items as { id: string }[]).map((i) => i.id);
    expect(await list(admin)).toEqual(['c-applicant']);
    expect((await list(staff)).length).toBeGreaterThanOrEqual(6);
    expect((await h.call({ method: 'GET', url: '/api/entities/company', token: applicant })).status).toBe(403);
    expect(await consistent()).toEqual([]);
  });

  it('lets staff refuse (with a reason) or approve a waiting company, the row, audit and mail moving with the record', async () => {
    const id = await waiting('hesitant');
    const record = (await get(id)).body.data;
    expect(record.states).toEqual({ $status: 'todo' });
    const blank = await send(id, 'REFUSE', record.version, { reason: ' ' }, 'zh-CN');
    expect([blank.status, blank.body.errors!.map((e: { message: string }) => e.message)]).toEqual([400, ['拒绝原因: 请填写拒绝原因']]);
    expect((await send(id, 'REFUSE', record.version, {})).body.errors!.map((e: { message: string }) => e.message)).toEqual(['Please fill in "Reason for refusal"']);
    // A customer admin decides no company: not one they cannot see (404), nor their own (403).
    expect((await send(id, 'APPROVE', record.version, undefined, 'en-US', admin)).status).toBe(404);
    expect((await send('c-applicant', 'APPROVE', 1, undefined, 'en-US', admin)).status).toBe(403);
    const refused = await send(id, 'REFUSE', record.version, { reason: 'Licence expired' });
    expect([refused.status, refused.body.data.states, refused.body.data.doc.reason]).toEqual([200, { $status: 'refused' }, 'Licence expired']);
    expect(await row(id)).toMatchObject({ approval_status: 'refused', reject_reason: 'Licence expired' });
    expect((await listEffects(h.db, 'company', id)).map((e) => [e.machine, e.params.template])).toEqual([['customerApproval', 'customerRefused']]);
    expect((await send(id, 'APPROVE', refused.body.data.version, undefined, 'zh-CN')).body.message).toBe('当前状态“已拒绝”下不能执行“认证通过”');

    const other = await waiting('welcome');
    const approved = await send(other, 'APPROVE', 1);
    expect(approved.body.data.states).toEqual({ $status: 'approved' });
    expect(await row(other)).toMatchObject({ approval_status: 'approved' });
    // An approved company may now be named in shared records (the projection is what sharing checks).
    expect((await h.call({ method: 'GET', url: '/api/lookups/companies?q=welcome', token: staff })).body.data.map((o: { value: string }) => o.value)).toContain(other);
    expect(await consistent()).toEqual([]);
  });

  it('registers an offline customer with its first account and a password mail, all or nothing', async () => {
    const count = async () => (await h.db.query<{ c: number; u: number; r: number; m: number }>(
      "select (select count(*)::int from companies) as c, (select count(*)::int from users) as u, (select count(*)::int from records where entity = 'company') as r, (select count(*)::int from outbox) as m",
    )).rows[0]!;
    const before = await count();
    const firstAccount = { account: 'offline.admin', userName: '线下管理员', email: 'buyer@demo.portico.dev', mobile: '13800138000' };
    const taken = await create({ name: '线下客户有限公司', roles: ['buyer'], taxNo: OTHER_TAX_NO, firstAccount }, 'zh-CN');
    expect([taken.status, taken.body.errorCode, taken.body.errors!.map((e: { field: string }) => e.field)]).toEqual([409, 'EMAIL_TAKEN', ['firstAccount.email']]);
    expect(taken.body.message).toBe('该邮箱已被其他账号使用');
    expect(await count()).toEqual(before);
    const badMobile = await create({ name: '线下客户有限公司', roles: ['buyer'], firstAccount: { ...firstAccount, mobile: '2380013800', account: 'ab' } }, 'en-US');
    expect(badMobile.body.errors!.map((e: { message: string }) => e.message).sort()).toEqual([
      'First account (customer admin) · Login account: The login account has 3–50 characters',
      'First account (customer admin) · Mobile: Enter an 11-digit mainland China mobile number',
    ]);

    const made = await create({ name: '线下客户有限公司', nameEn: 'Offline Customer Ltd.', roles: ['buyer'], taxNo: OTHER_TAX_NO, firstAccount: { ...firstAccount, email: 'offline@example.com' } }, 'zh-CN');
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    expect(made.body.data.doc.firstAccount).toBeUndefined();
    expect(made.body.data.states).toEqual({ $status: 'approved' });
    expect(await count()).toEqual({ c: before.c + 1, u: before.u + 1, r: before.r + 1, m: before.m + 1 });
    const { rows } = await h.db.query('select company_id, is_admin, status, mobile from users where account = $1', ['offline.admin']);
    expect(rows[0]).toEqual({ company_id: id, is_admin: true, status: 'approved', mobile: '13800138000' });
    const [mail] = (await h.call({ method: 'GET', url: '/api/outbox?to=offline@example.com', token: staff })).body.data as { subject: string; body: string }[];
    expect(mail!.subject).toBe('Portico：您的 线下客户有限公司 账号已开通');
    // The mail's link (to the configured portal address) sets the password, and the new customer admin logs in and edits their company.
    const link = new URL(/(\S+\/retrievePassword\?\S+)/.exec(mail!.body)![1]!);
    expect(link.origin).toBe('http://localhost:8080');
    const code = link.searchParams.get('code')!;
    const password = await h.encrypt('Offline#2026');
    const reset = await h.call({ method: 'POST', url: '/api/accounts/password-reset', payload: { email: 'offline@example.com', code, password, passwordRepeat: await h.encrypt('Offline#2026') } });
    expect(reset.status).toBe(200);
    const token = await h.login('offline.admin', 'Offline#2026');
    const mine = (await get(id, token)).body.data;
    expect((await put(id, { ...mine.doc, referenceCode: 'REF-9' }, mine.version, token)).status).toBe(200);
    expect(await consistent()).toEqual([]);
  });

  it('registers a third-party lab with its contacts', async () => {
    const lab = await create({ name: '第三方检测实验室', roles: ['thirdPartyLab'], contacts: [{ name: '彭工', email: 'lab@example.com', phone: '0755-1234' }, { name: '韩工' }] });
    expect([lab.status, lab.body.data.doc.contacts.length]).toEqual([201, 2]);
    const noName = await create({ name: '实验室二', roles: ['thirdPartyLab'], contacts: [{ email: 'x@example.com' }] }, 'zh-CN');
    expect(noName.body.errors!.map((e: { message: string }) => e.message)).toEqual(['请填写“联系人 · 姓名 (#1)”']);
    expect((await create({ name: '自助实验室', roles: ['thirdPartyLab'] }, 'en-US', admin)).status).toBe(403);
  });

  it('puts the company pages in the menu of who may open them', async () => {
    const paths = async (token: string, lang = 'en-US') => {
      const menu = (await h.call({ method: 'GET', url: '/api/menu', token, lang })).body.data as { name: string; path: string; children: { name: string; path: string }[] }[];
      return menu.flatMap((m) => [m, ...m.children]).map((m) => `${m.path} ${m.name}`);
    };
    expect(await paths(applicant)).toContain('/company/info Company information');
    expect(await paths(applicant)).not.toContain('/customer/management Customer management');
    const staffMenu = await paths(staff, 'zh-CN');
    expect(staffMenu).toEqual(expect.arrayContaining(['/customer/management 客户管理', '/customer/offlineRegister/offlineCustomer 线下客户注册', '/customer/thirdLabRegister/thirdLabRegister 第三方实验室注册']));
    expect(await paths(admin)).toContain('/customer/management Customer management');
  });
});
