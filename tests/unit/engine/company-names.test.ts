import { describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveListColumns, exportCellText, exportColumns, recordTitle, recordValue, shownValue, type Language } from '../../../engine/index.ts';
import type { EntityRecord } from '../../../engine/api-contract.ts';

const company = createStaticRegistry().get('company');
const record = (doc: Record<string, unknown>) => ({ id: 'c-x', version: 1, doc: { roles: ['buyer'], ...doc } }) as unknown as EntityRecord;
const nameColumn = (lang: Language) => exportColumns(company, lang).find((c) => c.field === 'name') ?? expect.fail('the company list has no name column');
const noLookups = () => undefined;

/**
 * A company has an English and a local name (SPEC §3); where a record is read as a whole (its
 * title on the detail page and in pickers, list cells, exports) an en-US user reads the English
 * name where there is one, a zh-CN user the local name (issue 53, item 11): the company's `name`
 * declares `x-inLanguage`.
 */
describe('company names in the reader’s language', () => {
  const both = record({ name: '演示买家有限公司', nameEn: 'Demo Buyer Co., Ltd.' });
  const localOnly = record({ name: '本地公司' });

  it('titles a company by its English name in en-US, its local name in zh-CN, the local name when it has no English one', () => {
    expect(recordTitle(company, both.doc, 'en-US')).toBe('Demo Buyer Co., Ltd.');
    expect(recordTitle(company, both.doc, 'zh-CN')).toBe('演示买家有限公司');
    expect(recordTitle(company, localOnly.doc, 'en-US')).toBe('本地公司');
    expect(recordTitle(company, record({ name: '本地公司', nameEn: '  ' }).doc, 'en-US')).toBe('本地公司');
  });

  it('shows the same in list cells and exports', () => {
    expect(shownValue(company, 'name', both.doc, '演示买家有限公司', 'en-US')).toBe('Demo Buyer Co., Ltd.');
    expect(shownValue(company, 'name', both.doc, '演示买家有限公司', 'zh-CN')).toBe('演示买家有限公司');
    // Other fields are as stored.
    expect(shownValue(company, 'nameEn', both.doc, 'Demo Buyer Co., Ltd.', 'zh-CN')).toBe('Demo Buyer Co., Ltd.');
    expect(exportCellText(company, nameColumn('en-US'), both, 'en-US', noLookups)).toBe('Demo Buyer Co., Ltd.');
    expect(exportCellText(company, nameColumn('zh-CN'), both, 'zh-CN', noLookups)).toBe('演示买家有限公司');
    expect(exportCellText(company, nameColumn('en-US'), localOnly, 'en-US', noLookups)).toBe('本地公司');
  });

  it('heads the list column "Company name" in either language (it holds the name in the reader’s language), with no second English column', () => {
    expect(deriveListColumns(company, 'en-US').map((c) => c.title).slice(0, 2)).toEqual(['Company name', 'Customer no.']);
    expect(deriveListColumns(company, 'zh-CN').map((c) => c.title).slice(0, 2)).toEqual(['公司名称', '客户编号']);
  });

  it('shows the copies other records keep (a TRF’s parties, a quotation’s, invoice’s and statement’s payer) in the reader’s language', () => {
    const registry = createStaticRegistry();
    const trf = registry.get('trf');
    const doc = { buyer: { companyId: 'c-buyer', name: '演示买家有限公司', nameEn: 'Demo Buyer Co., Ltd.' }, applicant: { companyId: 'c-x', name: '本地公司' } };
    expect(shownValue(trf, 'buyer.name', doc, '演示买家有限公司', 'en-US')).toBe('Demo Buyer Co., Ltd.');
    expect(shownValue(trf, 'buyer.name', doc, '演示买家有限公司', 'zh-CN')).toBe('演示买家有限公司');
    expect(shownValue(trf, 'applicant.name', doc, '本地公司', 'en-US')).toBe('本地公司');
    for (const name of ['quotation', 'invoice', 'statement']) {
      const payer = { payer: { companyId: 'c-buyer', name: '演示买家有限公司', nameEn: 'Demo Buyer Co., Ltd.' } };
      expect(shownValue(registry.get(name), 'payer.name', payer, '演示买家有限公司', 'en-US'), name).toBe('Demo Buyer Co., Ltd.');
    }
  });

  it('names a record’s company ($companyName) in the reader’s language', () => {
    const withEn = { ...record({}), companyName: '演示买家有限公司', companyNameEn: 'Demo Buyer Co., Ltd.', states: {} } as EntityRecord;
    expect(recordValue(withEn, '$companyName', 'en-US')).toBe('Demo Buyer Co., Ltd.');
    expect(recordValue(withEn, '$companyName', 'zh-CN')).toBe('演示买家有限公司');
    expect(recordValue({ ...withEn, companyNameEn: undefined }, '$companyName', 'en-US')).toBe('演示买家有限公司');
  });
});
