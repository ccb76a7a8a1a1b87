import { describe, expect, it } from 'vitest';
import {
  buildOpenApi,
  createStaticRegistry,
  deriveDetailSections,
  deriveFilters,
  deriveFormSections,
  deriveListColumns,
  editableFields,
  enumLabel,
  fieldAt,
  initialSnapshot,
  localizeSchema,
  parseListQuery,
  pickLanguage,
  toPermissionMap,
} from '../../../engine/index.ts';
import { CONTACT_BUNDLE } from '../../fixtures/contact-entity.ts';

const registry = createStaticRegistry([CONTACT_BUNDLE]);
const trf = registry.get('trf');

describe('derivations from declarations', () => {
  it('derives list columns in both languages, labelling nested fields by their parents', () => {
    expect(deriveListColumns(trf, 'zh-CN').map((c) => c.title)).toEqual(['申请单号', '申请状态', '报价状态', '报告结论', '审阅进度', '模板', '买家 · 公司名称', '申请方 · 公司名称', '收样日期', '要求完成日期', '更新时间']);
    expect(deriveListColumns(trf, 'en-US')[0]).toEqual({ field: 'trfNo', title: 'TRF no.', kind: 'text', sortable: true, link: true, width: undefined });
  });

  it('derives filters with their options: states from the machine, enums from the schema, lookups by name', () => {
    const filters = deriveFilters(trf, 'en-US');
    const status = filters.find((f) => f.field === '$status')!;
    expect(status.options!.map((o) => o.label)).toEqual(['Draft', 'Submitted', 'Returned', 'Application accepted', 'Preparation', 'Testing', 'Completed', 'Pending', 'Report issued', 'Cancelled', 'Deleted']);
    expect(filters.find((f) => f.field === 'template')).toMatchObject({ lookup: 'templates', op: 'eq' });
    expect(filters.find((f) => f.field === 'isRetest')!.options).toEqual([{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }]);
  });

  it('derives detail sections and a form split by section, disabling what the state locks', () => {
    expect(deriveDetailSections(trf, 'zh-CN').map((s) => s.title)).toEqual(['基本信息', '相关方', '样品', '报告要求', '服务与发票']);
    const draftEditable = editableFields(trf, initialSnapshot(trf.machine!));
    const sections = deriveFormSections(trf, 'en-US', draftEditable);
    const basic = sections.find((s) => s.id === 'basic')!;
    expect(basic.schema.required).toEqual(['template', 'sampleReceivedDate']);
    expect((basic.uiSchema.template as any)['ui:disabled']).toBeUndefined();
    const locked = deriveFormSections(trf, 'en-US', new Set(['remark']));
    expect((locked.find((s) => s.id === 'basic')!.uiSchema.template as any)['ui:disabled']).toBe(true);
  });

  it('localizes the schema for RJSF: titles, enum names and widgets in the language', () => {
    const { schema, uiSchema } = localizeSchema(trf, 'zh-CN');
    expect(schema.properties.reportLanguage!.title).toBe('报告语言');
    expect((uiSchema.reportLanguage as any)['ui:enumNames']).toEqual(['英文', '中文', '中英双语（一份报告）', '中文和英文（两份报告）']);
    expect(schema.properties.buyer!.properties!.contactName!.title).toBe('联系人');
    expect((uiSchema.template as any)['ui:widget']).toBe('lookup');
    expect((uiSchema.remark as any)['ui:widget']).toBe('textarea');
    // a table's rows carry no title of their own (it would repeat the field's key on every row)
    expect((uiSchema.samples as any).items['ui:label']).toBe(false);
    expect(enumLabel(fieldAt(trf.schema, 'judgmentRule'), 'simpleAcceptance', 'en-US')).toBe('Simple acceptance (w=0)');
  });

  it('shows a field\'s x-description as its help, never the declaration\'s own description (its readers\' note, in one language)', () => {
    // The buyer's definition documents its picker in English; the form of either language does not show it.
    expect(fieldAt(trf.schema, 'buyer')?.description ?? (trf.schema.definitions as any).buyerParty.description).toMatch(/x-lookupFilter/);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { schema } = localizeSchema(trf, lang);
      expect(schema.properties.buyer!.description).toBeUndefined();
      expect(JSON.stringify(schema)).not.toContain('x-lookupFilter).');
    }
    expect(localizeSchema(trf, 'zh-CN').schema.properties.attachments!.description).toBe('仅限 PDF，最大 10 MB，最多 1 个');
    expect(localizeSchema(trf, 'en-US').schema.properties.attachments!.description).toBe('PDF only, up to 10 MB, one file at most');
  });

  it('defaults the judgment rule to simple acceptance (w=0)', () => {
    expect(fieldAt(trf.schema, 'judgmentRule')!.default).toBe('simpleAcceptance');
  });

  it('parses list queries against declared filters only', () => {
    const ok = parseListQuery(trf, { 'f.$status': 'draft,testing', 'f.dueDate': '..2026-12-31', sort: 'dueDate:asc', page: '2', pageSize: '50', t: '123' }, 'en-US');
    expect(ok).toMatchObject({ ok: true, query: { page: 2, pageSize: 50, sort: { field: 'dueDate', order: 'asc' } } });
    if (ok.ok) expect(ok.query.filters).toEqual([
      { field: '$status', op: 'in', kind: 'state', values: ['draft', 'testing'] },
      { field: 'dueDate', op: 'range', kind: 'date', values: [null, '2026-12-31'] },
    ]);
    const bad = parseListQuery(trf, { 'f.remark': 'x' }, 'zh-CN');
    expect(bad).toEqual({ ok: false, errors: [{ field: 'remark', keyword: 'filter', message: '不支持的筛选条件：remark' }] });
  });

  it('builds session permission maps from login codes and button codes', () => {
    expect(toPermissionMap('trf:list,trf:read', ['trf:submit', ' '])).toEqual({ 'trf:list': true, 'trf:read': true, 'trf:submit': true });
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en-US');
    expect(pickLanguage(undefined)).toBe('zh-CN');
  });

  it('generates an OpenAPI document for every entity', () => {
    const doc = buildOpenApi(registry, '1') as any;
    expect(Object.keys(doc.paths)).toContain('/api/entities/visitContact/{id}');
    expect(doc.components.schemas.VisitContact.properties.email).toEqual({ type: 'string', format: 'email', maxLength: 200 });
    expect(JSON.stringify(doc)).not.toContain('x-label');
  });
});

describe('defaults on create', () => {
  it('fills declared defaults without overwriting what the document says', async () => {
    const { withDefaults } = await import('../../../engine/index.ts');
    const doc = withDefaults(trf.schema, { judgmentRule: 'guardedAcceptance', buyer: { name: 'B' } });
    expect(doc).toMatchObject({ judgmentRule: 'guardedAcceptance', reportLanguage: '2', reportCopy: 'softCopy', isRetest: false, hardCopyQuantity: 0 });
    expect(withDefaults(trf.schema, {}).judgmentRule).toBe('simpleAcceptance');
    expect(doc.buyer).toEqual({ name: 'B' });
  });
});
