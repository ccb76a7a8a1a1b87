import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * A company's contacts, addresses, departments and email groups (issue 14): declarations only
 * (schemas/<entity>/), kept per company, with the names the declarations mark `unique`
 * refused when repeated within a company, in the request's language.
 */
describe.each(BACKENDS)("a company's directory on %s", (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let admin: string;
  let buyer: string;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
    admin = await h.login('admin');
    buyer = await h.login('buyer');
    staff = await h.login('staff');
  });
  afterAll(() => h.close());

  const create = (entity: string, doc: object, token: string, lang: 'zh-CN' | 'en-US' = 'en-US') => h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token, lang });

  it('refuses a contact email already in the company, whatever its case, naming the field in the language', async () => {
    expect((await create('contact', { name: 'Li Lei', email: 'li.lei@example.com' }, applicant)).status).toBe(201);
    const again = await create('contact', { name: 'Lei Li', email: ' LI.LEI@example.com' }, admin, 'zh-CN');
    expect(again.status).toBe(400);
    const same = await create('contact', { name: 'Lei Li', email: 'LI.LEI@example.com' }, admin, 'zh-CN');
    expect(same.status).toBe(409);
    expect(same.body.errorCode).toBe('DUPLICATE_VALUE');
    expect(same.body.message).toBe('邮箱已存在，不能重复');
    expect(same.body.errors).toEqual([{ field: 'email', keyword: 'unique', message: '邮箱已存在，不能重复' }]);
    const en = await create('contact', { name: 'Lei Li', email: 'li.lei@example.com' }, applicant, 'en-US');
    expect(en.body.message).toBe('Email already exists; it must be unique');
    // Another company keeps its own contacts: the same email is free there.
    expect((await create('contact', { name: 'Li Lei', email: 'li.lei@example.com' }, buyer)).status).toBe(201);
  });

  it('refuses an update that makes a department code repeat, and keeps the record unchanged', async () => {
    const sales = (await create('department', { name: 'Sales', code: 'S-01' }, admin)).body.data;
    const qa = (await create('department', { name: 'Quality', code: 'Q-01' }, admin)).body.data;
    expect(sales && qa).toBeTruthy();
    const clash = await h.call({ method: 'PUT', url: `/api/entities/department/${qa.id}`, payload: { version: 1, doc: { name: 'Quality', code: 's-01' } }, token: admin, lang: 'en-US' });
    expect(clash.status).toBe(409);
    expect(clash.body.errors!.map((e: { field: string }) => e.field)).toEqual(['code']);
    const kept = await h.call({ method: 'GET', url: `/api/entities/department/${qa.id}`, token: admin });
    expect([kept.body.data.version, kept.body.data.doc.code]).toEqual([1, 'Q-01']);
  });

  it("shows each company its own entries only; staff see every company's", async () => {
    await create('emailGroup', { name: 'QA team', members: ['qa1@example.com', 'qa2@example.com'] }, applicant);
    await create('emailGroup', { name: 'QA team', members: ['buyer-qa@example.com'] }, buyer);
    const names = async (token: string) =>
      ((await h.call({ method: 'GET', url: '/api/entities/emailGroup', token })).body.data.items as { companyId: string }[]).map((i) => i.companyId).sort();
    expect(await names(applicant)).toEqual(['c-applicant']);
    expect(await names(admin)).toEqual(['c-applicant']);
    expect(await names(buyer)).toEqual(['c-buyer']);
    expect(await names(staff)).toEqual(['c-applicant', 'c-buyer']);
    const refused = await create('emailGroup', { name: 'Empty', members: [] }, applicant, 'zh-CN');
    expect(refused.status).toBe(400);
    expect(refused.body.errors!.map((e: { message: string }) => e.message)).toEqual(['成员邮箱: 至少添加一个成员邮箱']);
    // Staff read the directories but keep no entries of their own.
    expect((await create('address', { name: 'HQ', kind: 'office', country: 'CN', street: '1 Road' }, staff)).status).toBe(403);
  });

  it('lists them in the company group of the menu, in the language', async () => {
    const menu = (await h.call({ method: 'GET', url: '/api/menu', token: admin, lang: 'zh-CN' })).body.data as { name: string; path: string; children: { path: string }[] }[];
    const company = menu.find((m) => m.path === '/company');
    expect(company?.name).toBe('公司管理');
    expect(company?.children.map((c) => c.path)).toEqual(['/company/info', '/company/contact/list', '/company/address/list', '/company/department/list', '/company/emailGroup/list', '/company/invoiceInformation/list', '/customer/authority', '/company/notification/list']);
  });
});
