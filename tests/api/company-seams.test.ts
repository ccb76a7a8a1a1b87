import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_RECORDS_FROM_ROWS } from '../../server/db/migrations.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';

type Option = { value: string; label: string; keywords?: string; data?: Record<string, string> };

/**
 * Issue 53, companies and documents: a document gives a URL or a PDF, never both silently; the
 * company picker finds a company by its customer number; a company approved by staff gets a
 * customer number (the company's declared numbering, as an offline registration does); a TRF's
 * buyer picker lists buyers only, the applicant's related buyers first, and a TRF saved through the API
 * names a buyer company too (the field's `x-lookupFilter` holds on every write: server/entities/lookup-filters.ts).
 */
describe.each(BACKENDS)('companies and documents across modules on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let supplier: string;
  let buyer: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    supplier = await h.login('supplier');
    buyer = await h.login('buyer');
  });
  afterAll(() => h.close());

  const lookup = async (query: string, token = staff, lang = 'en-US') =>
    (await h.call<Option[]>({ method: 'GET', url: `/api/lookups/companies?${query}`, token, lang })).body.data;
  /** A company and its first account as self-registration leaves them: waiting for the provider. */
  const registered = async (name: string) => {
    await h.db.query("insert into companies (id, name, roles, approval_status) values ($1, $2, '{applicant}', 'todo')", [`c-${name}`, `${name} Ltd.`]);
    await h.db.query(
      `insert into users (id, account, user_name, email, password_hash, company_id, roles, status, is_admin)
       values ($1, $2, $3, $4, 'x', $5, '{applicant}', 'toBeReviewed', true)`,
      [`u-${name}`, name, `${name} Person`, `${name}@example.com`, `c-${name}`],
    );
    await h.db.exec(COMPANY_RECORDS_FROM_ROWS);
  };
  const customerNo = async (id: string) => (await h.db.query<{ customer_no: string | null }>('select customer_no from companies where id = $1', [id])).rows[0]!.customer_no;

  it('refuses a document with both a URL and a PDF, on create and on edit, in the language, and keeps what was stored', async () => {
    const upload = await h.app.inject({ method: 'POST', url: '/api/files?name=guide.pdf', headers: { 'portico-auth': `bearer ${staff}`, 'content-type': 'application/pdf' }, payload: fileBytes('pdf', 256) });
    const pdf = [upload.json().data];
    const base = { name: 'Guide', theme: 'guide', productLine: 'softlines' };
    for (const [lang, text] of [
      ['en-US', 'Attachment: Give a URL or an attachment, not both'],
      ['zh-CN', '附件: 链接与附件只能二选一'],
    ]) {
      const both = await h.call({ method: 'POST', url: '/api/entities/document', payload: { doc: { ...base, url: 'https://www.sgs.com/a', attachment: pdf } }, token: staff, lang });
      expect([both.status, both.body.errors?.map((e) => [e.field, e.message])]).toEqual([400, [['attachment', text]]]);
    }
    const byFile = await h.call<{ id: string; version: number; doc: Record<string, unknown> }>({ method: 'POST', url: '/api/entities/document', payload: { doc: { ...base, attachment: pdf } }, token: staff });
    expect(byFile.status).toBe(201);
    const edited = await h.call({ method: 'PUT', url: `/api/entities/document/${byFile.body.data.id}`, payload: { version: byFile.body.data.version, doc: { ...byFile.body.data.doc, url: 'https://www.sgs.com/b' } }, token: staff });
    expect([edited.status, edited.body.errors?.map((e) => e.field)]).toEqual([400, ['attachment']]);
    const stored = await h.call<{ doc: Record<string, unknown> }>({ method: 'GET', url: `/api/entities/document/${byFile.body.data.id}`, token: staff });
    expect([stored.body.data.doc.url, stored.body.data.doc.attachment]).toEqual([undefined, pdf]);
  });

  it('fills both names of a picked company whatever the picker’s language: the copy shows each reader their own (issue 53, item 11)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const [option] = await lookup('values=c-buyer', staff, lang);
      expect([option!.label, option!.data?.name, option!.data?.nameEn], lang).toEqual([lang === 'en-US' ? 'Demo Buyer Co., Ltd.' : '演示买家有限公司', '演示买家有限公司', 'Demo Buyer Co., Ltd.']);
    }
  });

  it('finds a company by its customer number, the number a keyword the picker matches', async () => {
    const found = await lookup('q=CN-B-0001');
    expect(found.map((o) => [o.value, o.keywords])).toEqual([['c-buyer', 'CN-B-0001']]);
    // Every option carries its customer number for the picker's own typing filter.
    expect((await lookup('')).find((o) => o.value === 'c-supplier')?.keywords).toBe('CN-S-0001');
  });

  it('gives a self-registered company a customer number when staff approve it, found then by that number', async () => {
    await registered('selfreg');
    expect(await customerNo('c-selfreg')).toBeNull();
    const approved = await h.call({ method: 'POST', url: '/api/accounts/u-selfreg/approve', token: staff, lang: 'en-US' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const number = await customerNo('c-selfreg');
    expect(number).toMatch(/^C\d{6}\d{4}$/);
    const record = await h.call<{ doc: Record<string, unknown> }>({ method: 'GET', url: '/api/entities/company/c-selfreg', token: staff });
    expect(record.body.data.doc.customerNo).toBe(number);
    expect((await lookup(`q=${number}`)).map((o) => o.value)).toEqual(['c-selfreg']);
    // An authorization may now name it: the pick fills its customer number.
    expect((await lookup(`values=c-selfreg`))[0]!.data?.customerNo).toBe(number);
  });

  it('numbers a company approved from its record too, and keeps a number staff type at an offline registration', async () => {
    await registered('byrecord');
    const version = (await h.call<{ version: number }>({ method: 'GET', url: '/api/entities/company/c-byrecord', token: staff })).body.data.version;
    const sent = await h.call({ method: 'POST', url: '/api/entities/company/c-byrecord/events', payload: { type: 'APPROVE', version }, token: staff });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const first = await customerNo('c-byrecord');
    expect(first).toMatch(/^C\d{10}$/);
    const offline = (no?: string) => ({ name: `Offline ${no ?? 'numbered'}`, roles: ['applicant'], ...(no ? { customerNo: no } : {}) });
    const typed = await h.call<{ id: string; doc: Record<string, unknown> }>({ method: 'POST', url: '/api/entities/company', payload: { doc: offline('OFF-0001') }, token: staff });
    expect([typed.status, typed.body.data.doc.customerNo]).toEqual([201, 'OFF-0001']);
    const numbered = await h.call<{ id: string; doc: Record<string, unknown> }>({ method: 'POST', url: '/api/entities/company', payload: { doc: offline() }, token: staff });
    expect(numbered.status, JSON.stringify(numbered.body)).toBe(201);
    expect(numbered.body.data.doc.customerNo).toMatch(/^C\d{10}$/);
    expect(numbered.body.data.doc.customerNo).not.toBe(first);
  });

  it("lists buyers only in a TRF's buyer picker, the supplier's related buyers first", async () => {
    // Another buyer, first by name; a lab and a factory that are no buyers.
    await h.db.query(
      `insert into companies (id, name, roles, approval_status, customer_no) values
         ('c-abuyer', 'A First Buyer', '{buyer}', 'approved', 'CN-B-0100'),
         ('c-afactory', 'A Factory', '{factory}', 'approved', 'CN-F-0100')`,
    );
    await h.db.exec(COMPANY_RECORDS_FROM_ROWS);
    const buyers = await lookup('c.role=buyer', supplier);
    // Every company without the filter, the provider itself and the factory included.
    expect((await lookup('', supplier)).map((o) => o.value)).toEqual(expect.arrayContaining(['c-lab', 'c-afactory', 'c-supplier']));
    // By name until the supplier has a relationship; its buyer comes first then.
    expect(buyers.map((o) => o.value)).toEqual(['c-abuyer', 'c-buyer']);
    const invited = await h.call<{ id: string; version: number }>({ method: 'POST', url: '/api/entities/relationship', payload: { doc: { kind: 'buyer', counterpart: { companyId: 'c-buyer' } } }, token: supplier });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const accepted = await h.call({ method: 'POST', url: `/api/entities/relationship/${invited.body.data.id}/events`, payload: { type: 'ACCEPT', version: invited.body.data.version }, token: buyer });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await lookup('c.role=buyer', supplier)).map((o) => o.value)).toEqual(['c-buyer', 'c-abuyer']);
    // A saved value is labelled whatever its role (a TRF saved before, a list's label).
    expect((await lookup('c.role=buyer&values=c-afactory', supplier)).map((o) => o.value)).toEqual(['c-afactory']);
  });

  it("refuses saving a TRF whose buyer is no buyer company, naming the field in the request's language; a buyer is saved", async () => {
    await h.db.query(
      `insert into companies (id, name, roles, approval_status, customer_no) values
         ('c-seamfactory', 'Seam Factory', '{factory}', 'approved', 'CN-F-0200'),
         ('c-seambuyer', 'Seam Buyer', '{buyer}', 'approved', 'CN-B-0200')`,
    );
    await h.db.exec(COMPANY_RECORDS_FROM_ROWS);
    const count = async () => Number((await h.db.query<{ n: string }>("select count(*) as n from records where entity = 'trf'")).rows[0]!.n);
    const before = await count();
    const asBuyer = (companyId: string) => validTrf({ buyer: { companyId, name: companyId } });
    for (const [lang, text] of [
      ['en-US', 'The selected Buyer · Company does not exist or is not available to you'],
      ['zh-CN', '所选“买家 · 公司”不存在或您无权使用'],
    ] as const) {
      for (const companyId of ['c-seamfactory', 'c-supplier']) {
        const made = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: asBuyer(companyId) }, token: supplier, lang });
        expect([made.status, made.body.errorCode, made.body.errors?.map((e) => [e.field, e.message])]).toEqual([400, 'LOOKUP_NOT_AVAILABLE', [['buyer.companyId', text]]]);
      }
    }
    expect(await count()).toBe(before);
    // A buyer is saved; changing it to a factory on an edit is refused the same way, and the stored buyer stays.
    const saved = await h.call<{ id: string; version: number; doc: Record<string, any> }>({ method: 'POST', url: '/api/entities/trf', payload: { doc: asBuyer('c-seambuyer') }, token: supplier });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const { id, version, doc } = saved.body.data;
    const edited = await h.call({ method: 'PUT', url: `/api/entities/trf/${id}`, payload: { version, doc: { ...doc, buyer: { companyId: 'c-seamfactory', name: 'Seam Factory' } } }, token: supplier, lang: 'zh-CN' });
    expect([edited.status, edited.body.errors?.map((e) => e.field)]).toEqual([400, ['buyer.companyId']]);
    const stored = await h.call<{ doc: Record<string, any> }>({ method: 'GET', url: `/api/entities/trf/${id}`, token: supplier });
    expect(stored.body.data.doc.buyer.companyId).toBe('c-seambuyer');
    // An edit leaving the buyer as it is saves (what the record named is not checked again).
    const kept = await h.call({ method: 'PUT', url: `/api/entities/trf/${id}`, payload: { version, doc: { ...doc, remark: 'kept' } }, token: supplier });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });
});
