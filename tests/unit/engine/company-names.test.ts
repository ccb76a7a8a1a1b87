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

  it('is copied in both languages wherever a company picker fills its name, and read in the reader’s language there', () => {
    type Node = { properties?: Record<string, Node>; items?: Node; definitions?: Record<string, Node>; 'x-lookup'?: string; 'x-lookupFill'?: Record<string, string>; 'x-inLanguage'?: Record<string, string> };
    const copies: string[] = [];
    const problems: string[] = [];
    const walk = (node: Node | undefined, at: string, depth: number) => {
      if (!node || depth > 12) return;
      for (const [key, field] of Object.entries(node.properties ?? {})) {
        const fill = field['x-lookupFill'];
        if (field['x-lookup'] === 'companies' && fill) {
          for (const [target, source] of Object.entries(fill)) {
            if (source !== 'name') continue;
            copies.push(`${at}${target}`);
            const en = Object.entries(fill).find(([, s]) => s === 'nameEn')?.[0];
            if (!en) problems.push(`${at}${key}: fills ${target} from the name but nothing from nameEn`);
            else if (node.properties?.[target]?.['x-inLanguage']?.['en-US'] !== en) problems.push(`${at}${target}: no x-inLanguage {"en-US": "${en}"}`);
          }
        }
        walk(field, `${at}${key}.`, depth + 1);
        walk(field.items, `${at}${key}[].`, depth + 1);
      }
    };
    for (const reg of createStaticRegistry().list()) {
      const schema = reg.schema as Node;
      walk(schema, `${reg.name}: `, 0);
      for (const [name, def] of Object.entries(schema.definitions ?? {})) walk(def, `${reg.name}: #${name}.`, 0);
    }
    expect(problems).toEqual([]);
    expect(copies).toEqual(expect.arrayContaining(['authorization: grantee.name', 'relationship: counterpart.name', 'materialConfig: buyerName', 'extendSetting: buyerName', 'trf: #party.name', 'quotation: payer.name']));
  });
});

