import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

const FIELDS = ['companyName', 'invoiceType', 'taxNo', 'address', 'tel', 'bankName', 'bankAccount'];
const info = (extra: object = {}) => ({
  companyName: '演示申请方有限公司',
  invoiceType: 'vatSpecial',
  taxNo: '91440300708461136T',
  address: '深圳市南山区科技园 1 号',
  tel: '0755-12345678',
  bankName: '招商银行深圳分行',
  bankAccount: '755912345610001',
  ...extra,
});

/**
 * A company's invoice information (issue 16, SPEC §5 "Invoice and payment"): declarations only
 * (schemas/invoiceInformation/). Every field is required; a repeat of the tax number within a
 * company is 'Invoice Information already exists' (the entity's `unique` with its declared message).
 */
describe.each(BACKENDS)('invoice information on %s', (backend) => {
  let h: ApiHarness;
  let admin: string;
  let applicant: string;
  let buyer: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    admin = await h.login('admin');
    applicant = await h.login('applicant');
    buyer = await h.login('buyer');
  });
  afterAll(() => h.close());

  const create = (doc: object, token: string, lang: 'zh-CN' | 'en-US' = 'en-US') => h.call({ method: 'POST', url: '/api/entities/invoiceInformation', payload: { doc }, token, lang });

  it('needs every field, each named in the user language', async () => {
    const empty = await create({}, admin, 'en-US');
    expect(empty.status).toBe(400);
    expect(empty.body.errors!.map((e) => e.field).sort()).toEqual([...FIELDS].sort());
    const blank = await create(info({ companyName: ' ', bankAccount: '12ab' }), admin, 'zh-CN');
    expect([blank.status, blank.body.errors!.map((e) => e.message).sort()]).toEqual([400, ['公司名称: 请填写公司名称', '银行账号: 银行账号为 8 至 30 位数字']]);
    const badTax = await create(info({ taxNo: '9144030070846113' }), admin, 'en-US');
    expect(badTax.body.errors!.map((e) => e.field)).toEqual(['taxNo']);
  });

  it("refuses a repeat with 'Invoice Information already exists', in both languages; another company may hold the same", async () => {
    const made = await create(info(), admin);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const en = await create(info({ companyName: 'Another name', taxNo: '91440300708461136T' }), admin, 'en-US');
    expect([en.status, en.body.errorCode, en.body.message, en.body.errors]).toEqual([
      409, 'DUPLICATE_RECORD', 'Invoice Information already exists', [{ field: 'taxNo', keyword: 'unique', message: 'Invoice Information already exists' }],
    ]);
    const zh = await create(info(), admin, 'zh-CN');
    expect([zh.status, zh.body.message]).toEqual([409, '开票信息已存在']);
    // An applicant of the company reads it but may not write it; the buyer's company keeps its own.
    expect((await h.call({ method: 'GET', url: `/api/entities/invoiceInformation/${made.body.data.id}`, token: applicant })).status).toBe(200);
    expect((await create(info({ taxNo: '91110000802100433B' }), applicant)).status).toBe(403);
    expect((await h.call({ method: 'GET', url: `/api/entities/invoiceInformation/${made.body.data.id}`, token: buyer })).status).toBe(404);
  });
});
