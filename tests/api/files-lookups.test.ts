import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';

describe.each(BACKENDS)('lookups and files on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('lists templates in the request language and never the self-test one', async () => {
    const zh = await h.call({ method: 'GET', url: '/api/lookups/templates', token: applicant, lang: 'zh-CN' });
    expect(zh.body.data.map((o: any) => o.value)).not.toContain('TPL-SELFTEST');
    expect(zh.body.data[0]).toEqual({ value: 'TPL-TEXTILE', label: '纺织品通用测试' });
    const en = await h.call({ method: 'GET', url: '/api/lookups/templates?q=toy', token: applicant, lang: 'en-US' });
    expect(en.body.data).toEqual([{ value: 'TPL-TOYS', label: 'Toy safety testing' }]);
    const companies = await h.call({ method: 'GET', url: '/api/lookups/companies?q=buyer', token: applicant, lang: 'en-US' });
    // A company's data is what a pick fills into a party (x-lookupFill): both names (the local one whatever the picker's language), customer no., default contact;
    // its keywords (the customer number) are what the picker also matches typing against.
    expect(companies.body.data).toEqual([
      { value: 'c-buyer', label: 'Demo Buyer Co., Ltd.', keywords: 'CN-B-0001', data: { name: '演示买家有限公司', nameEn: 'Demo Buyer Co., Ltd.', customerNo: 'CN-B-0001', contactName: '王买家', contactEmail: 'buyer@demo.portico.dev' } },
    ]);
    expect((await h.call({ method: 'GET', url: '/api/lookups/planets', token: applicant })).status).toBe(404);
  });

  const upload = (type: string, size: number, token = applicant) =>
    h.app.inject({
      method: 'POST',
      url: '/api/files?name=report.pdf',
      headers: { 'portico-auth': `bearer ${token}`, 'content-type': type },
      payload: size === 0 ? Buffer.alloc(0) : fileBytes(type === 'image/jpeg' ? 'jpg' : 'pdf', size),
    });

  it('takes PDFs up to 10 MB and JPGs up to 2 MB, refusing other types and sizes', async () => {
    const pdf = await upload('application/pdf', 1000);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().data).toMatchObject({ fileName: 'report.pdf', contentType: 'application/pdf', size: 1000 });
    expect((await upload('image/jpeg', 2 * 1024 * 1024 + 1)).statusCode).toBe(413);
    expect((await upload('image/jpeg', 1000)).statusCode).toBe(200);
    expect((await upload('application/pdf', 10 * 1024 * 1024 + 1)).statusCode).toBe(413);
    expect((await upload('image/png', 10)).statusCode).toBe(415);
    expect((await upload('application/pdf', 0)).statusCode).toBe(400);
  });

  it('serves a file to its company and to companies that see a record naming it, not to others', async () => {
    const file = (await upload('application/pdf', 64)).json().data;
    const doc = validTrf({ attachments: [file] });
    const created = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token: applicant });
    expect(created.status).toBe(201);
    const get = async (account: string) => (await h.app.inject({ method: 'GET', url: `/api/files/${file.fileId}`, headers: { 'portico-auth': `bearer ${await h.login(account)}` } })).statusCode;
    expect(await get('applicant')).toBe(200);
    // A draft is its company's alone; once submitted, the buyer it names sees it and its files.
    expect(await get('buyer')).toBe(404);
    const submitted = await h.call({ method: 'POST', url: `/api/entities/trf/${created.body.data.id}/events`, payload: { type: 'SUBMIT', version: 1 }, token: applicant });
    expect(submitted.status).toBe(200);
    expect(await get('buyer')).toBe(200);
    expect(await get('supplier')).toBe(404);
    const tooMany = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ attachments: [file, file] }) }, token: applicant, lang: 'en-US' });
    expect(tooMany.status).toBe(400);
  });
});
