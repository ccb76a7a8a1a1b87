import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * The invoice's PDF (the entity's declared `documents.pdf`), rendered by the server with an
 * embedded CJK font from npm: its text, read back with a PDF text extractor, holds the amounts in
 * the request language (zh-CN and en-US) and the Chinese company names. The payer downloads it; others get 404.
 */
describe('invoice PDF', () => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  let buyer: string;
  beforeAll(async () => {
    h = await ApiHarness.start('pglite');
    staff = await h.login('staff');
    applicant = await h.login('applicant');
    buyer = await h.login('buyer');
  });
  afterAll(() => h.close());

  const pdfText = async (bytes: Buffer) => {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    return text;
  };

  it('holds the amounts and the Chinese company names, in the request language', async () => {
    const doc = { payer: { companyId: 'c-applicant', name: '演示申请方有限公司' }, payee: '通标标准技术服务有限公司', currency: 'CNY', preTaxAmount: 123456, taxRate: 600, issuedDate: '2026-11-20', reportNo: 'RPT-2026-001' };
    const made = await h.call({ method: 'POST', url: '/api/entities/invoice', payload: { doc }, token: staff });
    const id = made.body.data.id as string;
    const no = made.body.data.doc.invoiceNo as string;

    const zh = await h.app.inject({ method: 'GET', url: `/api/entities/invoice/${id}/documents/pdf?lang=zh-CN`, headers: { "portico-auth": `bearer ${applicant}` } });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toBe('application/pdf');
    expect(zh.headers['content-disposition']).toBe(`attachment; filename="${no}.pdf"`);
    const zhText = await pdfText(zh.rawPayload);
    for (const s of ['发票', no, '演示申请方有限公司', '通标标准技术服务有限公司', '¥1,234.56', '¥74.07', '¥1,308.63', '价税合计', '待付款', '6%']) expect(zhText).toContain(s);
    // Only the glyphs used are embedded: a subset, not the 1.5 MB font.
    expect(zh.rawPayload.length).toBeLessThan(200_000);
    const en = await h.app.inject({ method: 'GET', url: `/api/entities/invoice/${id}/documents/pdf?lang=en-US`, headers: { 'portico-auth': `bearer ${applicant}` } });
    expect(en.statusCode).toBe(200);
    const enText = await pdfText(en.rawPayload);
    for (const s of ['Invoice', no, '演示申请方有限公司', '通标标准技术服务有限公司', '1,234.56', '74.07', '1,308.63']) expect(enText).toContain(s);
    expect(enText).not.toContain('价税合计');

    const other = await h.app.inject({ method: 'GET', url: `/api/entities/invoice/${id}/documents/pdf`, headers: { "portico-auth": `bearer ${buyer}` } });
    expect(other.statusCode).toBe(404);
    const unknown = await h.app.inject({ method: 'GET', url: `/api/entities/invoice/${id}/documents/nope`, headers: { "portico-auth": `bearer ${applicant}` } });
    expect(unknown.statusCode).toBe(404);
  });
});
