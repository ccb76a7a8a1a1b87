import { describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveFormSections, editableFields, FILTER_PREFIX } from '../../../engine/index.ts';
import { RENDERER_TEXT_KEYS } from '../../../renderers/env/texts.ts';
import { columnSortOrder, decodeFilterValue, encodeFilterValue, readListParams, toSortParam, writeListParams } from '../../../renderers/list/list-params.ts';
import { placeErrors, toErrorSchema } from '../../../renderers/form/error-schema.ts';
import { mergeDocument, splitDocument } from '../../../renderers/form/form-document.ts';
import { assertKnownWidgets, UnknownWidgetError } from '../../../renderers/form/widgets/index.ts';
import { historyItems } from '../../../renderers/detail/history-items.ts';
import { formatDateTime } from '../../../renderers/format/format-value.ts';
import { localizePayloadSchema } from '../../../renderers/form/localize-payload.ts';
import { inlineMessage } from '../../../renderers/form/inline-message.ts';
import zhCN from '../../../src/i18n/zh-CN.json';
import enUS from '../../../src/i18n/en-US.json';
import { gadgetBundle, gadgetRecord, gadgetRegistry } from './gadget-fixture.ts';
import { translator } from './render-env.tsx';

const reg = gadgetRegistry();

describe('renderer texts', () => {
  it.each([
    ['zh-CN', zhCN],
    ['en-US', enUS],
  ])('every text a renderer asks for exists in %s', (_lang, resources) => {
    for (const key of RENDERER_TEXT_KEYS) {
      const [group, name] = key.split('.') as [string, string];
      const value = (resources.renderer as Record<string, Record<string, string>>)[group]?.[name];
      expect(value, key).toBeTruthy();
    }
  });

  it('the portal resources have the same keys in both languages', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(enUS).sort()).toEqual(keys(zhCN).sort());
  });
});

describe('list query in the URL', () => {
  it('reads declared filters, paging and sort, and ignores undeclared keys', () => {
    const search = new URLSearchParams(`${FILTER_PREFIX}code=GX&${FILTER_PREFIX}$state=active,retired&${FILTER_PREFIX}weight=3&page=2&pageSize=50&sort=madeOn:asc`);
    expect(readListParams(reg, search)).toEqual({ page: 2, pageSize: 50, sort: 'madeOn:asc', filters: { code: 'GX', $state: 'active,retired' } });
  });

  it('falls back to the declared page size and drops malformed values', () => {
    expect(readListParams(reg, new URLSearchParams('page=-1&pageSize=9999&sort=nonsense'))).toEqual({ page: 1, pageSize: 20, sort: undefined, filters: {} });
  });

  it('round-trips through the URL', () => {
    const params = { page: 3, pageSize: 10, sort: 'code:desc', filters: { colour: 'red' } };
    expect(readListParams(reg, writeListParams(params))).toEqual(params);
  });

  it('maps antd sort orders to the API sort param and back', () => {
    expect(toSortParam('code', 'descend')).toBe('code:desc');
    expect(toSortParam('code', null)).toBeUndefined();
    expect(columnSortOrder('code:asc', 'code')).toBe('ascend');
    expect(columnSortOrder('code:asc', 'madeOn')).toBeNull();
  });

  it('encodes filter values as the list endpoint reads them', () => {
    expect(encodeFilterValue('in', ['a', 'b'])).toBe('a,b');
    expect(encodeFilterValue('range', ['2026-01-01', null])).toBe('2026-01-01..');
    expect(encodeFilterValue('range', [null, null])).toBe('');
    expect(decodeFilterValue('range', '..2026-02-01')).toEqual(['', '2026-02-01']);
    expect(decodeFilterValue('in', 'a,b')).toEqual(['a', 'b']);
  });
});

describe('form errors', () => {
  it('turns dotted field paths into an RJSF ErrorSchema', () => {
    expect(toErrorSchema([{ field: 'maker.email', message: 'bad' }, { field: 'parts.0.partNo', message: 'missing' }])).toEqual({
      maker: { email: { __errors: ['bad'] } },
      parts: { 0: { partNo: { __errors: ['missing'] } } },
    });
  });

  it('places each error in the section holding its top-level field; the rest are unplaced', () => {
    const sections = deriveFormSections(reg, 'en-US', editableFields(reg, undefined));
    const placed = placeErrors(sections, [
      { field: 'code', message: 'required' },
      { field: 'maker.email', message: 'format' },
      { field: '', message: 'whole document' },
    ]);
    expect(Object.keys(placed.bySection).sort()).toEqual(['identity', 'origin']);
    expect(placed.unplaced).toEqual([{ field: '', message: 'whole document' }]);
  });
});

describe('form documents', () => {
  const sections = deriveFormSections(reg, 'en-US', editableFields(reg, undefined));

  it('splits a document by section and fills a new record with schema defaults', () => {
    const parts = splitDocument(sections, {}, true);
    expect(parts.identity).toMatchObject({ fragile: false });
  });

  it('keeps the stored value of fields the state does not let change', () => {
    const retired = new Set(['notes']);
    const parts = splitDocument(sections, gadgetRecord.doc, false);
    const edited = { ...parts, identity: { ...parts.identity, code: 'CHANGED' }, origin: { ...parts.origin, notes: 'new note' } };
    const doc = mergeDocument(gadgetRecord.doc, edited, sections, retired);
    expect(doc.code).toBe('GX-42');
    expect(doc.notes).toBe('new note');
  });

  it('removes a cleared editable field', () => {
    const parts = splitDocument(sections, gadgetRecord.doc, false);
    const doc = mergeDocument(gadgetRecord.doc, { ...parts, origin: { ...parts.origin, notes: undefined } }, sections, new Set(['notes']));
    expect('notes' in doc).toBe(false);
  });
});

describe('widgets', () => {
  it('accepts the widgets the declarations use (RJSF names like checkboxes included)', () => {
    const trfLike = { type: 'array', items: { type: 'string', enum: ['a'] } };
    expect(() => assertKnownWidgets({ type: 'object', properties: { tags: trfLike } }, { tags: { 'ui:widget': 'checkboxes' } })).not.toThrow();
    for (const s of deriveFormSections(reg, 'zh-CN', new Set())) expect(() => assertKnownWidgets(s.schema, s.uiSchema)).not.toThrow();
  });

  it('fails loudly, naming the field, on a widget nobody registered', () => {
    const [, origin] = deriveFormSections(reg, 'en-US', new Set());
    if (!origin) throw new Error('the fixture has an origin section');
    const broken = { ...origin.uiSchema, maker: { email: { 'ui:widget': 'colourWheel' } } };
    expect(() => assertKnownWidgets(origin.schema, broken)).toThrow(UnknownWidgetError);
    expect(() => assertKnownWidgets(origin.schema, broken)).toThrow(/No widget 'colourWheel' for type 'string' \(field 'maker\.email'\)/);
  });
});

describe('payload dialogs', () => {
  it('labels payload fields from their declaration and picks widgets', () => {
    const schema = gadgetBundle.entity.actions?.REVIVE?.payloadSchema ?? {};
    const zh = localizePayloadSchema(schema, 'zh-CN');
    expect(zh.schema.properties?.note?.title).toBe('说明');
    expect(zh.uiSchema['ui:submitButtonOptions']).toEqual({ norender: true });
    const dated = localizePayloadSchema({ type: 'object', properties: { on: { type: 'string', format: 'date' } } }, 'en-US');
    expect(dated.uiSchema.on).toEqual({ 'ui:widget': 'date' });
  });

  it('labels the fields of a list of rows and types amounts in currency units (the Send quotation dialog)', () => {
    const lines = {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          item: { type: 'string', 'x-label': { 'zh-CN': '测试项目', 'en-US': 'Test item' } },
          amount: { type: 'integer', 'x-money': { currency: 'currency' }, 'x-label': { 'zh-CN': '价格', 'en-US': 'Price' } },
        },
      },
    } as const;
    const zh = localizePayloadSchema({ type: 'object', properties: { lines } } as never, 'zh-CN');
    const row = zh.schema.properties?.lines?.items as { properties: Record<string, { title?: string }> };
    expect([row.properties.item!.title, row.properties.amount!.title]).toEqual(['测试项目', '价格']);
    expect(zh.uiSchema.lines).toEqual({ items: { item: {}, amount: { 'ui:widget': 'money', 'ui:options': {} }, 'ui:label': false } });
  });
});

describe('history', () => {
  it('says what happened in the user language: action, state change, payload, changed fields', () => {
    const items = historyItems(
      reg,
      [
        { id: '1', at: '2026-03-04T08:00:00Z', actorId: 'u', actorName: 'Ada', kind: 'create' },
        { id: '2', at: '2026-03-05T08:00:00Z', actorId: 'u', actorName: 'Ada', kind: 'update', changedFields: ['notes', 'colour'] },
        { id: '3', at: '2026-03-06T08:00:00Z', actorId: 'u', actorName: 'Bo', kind: 'event', event: 'REVIVE', fromStates: { $state: 'retired' }, toStates: { $state: 'active' }, payload: { note: 'fixed' } },
      ],
      'en-US',
      translator('en-US'),
    );
    expect(items.map((i) => i.what)).toEqual(['Created', 'Edited', 'Bring back']);
    expect(items[1]?.details).toEqual(['Changed: Workshop notes, Paint colour']);
    expect(items[2]?.details).toEqual(['Service state: Retired → In service', 'Note: fixed']);
    expect(items[2]?.who).toBe('Bo');
  });

  it.each([
    ['en-US', 'Moved to form version 3 (from version 1)', '2 value(s) the new version no longer has were kept in the archive', 'Changed: Paint colour'],
    ['zh-CN', '已迁移到表单版本 3（原版本 1）', '新版本不再有的 2 个值已存档', '修改了：颜色'],
  ] as const)('says a template migration moved the record between form versions, not its raw payload (%s)', (lang, what, archived, changed) => {
    const migration = { migrationId: 7, from: 1, to: 3, archived: 2 };
    const entry = { id: '1', at: '2026-03-05T08:00:00Z', actorId: 'u', actorName: 'Ada', kind: 'update' as const, changedFields: ['colour'], payload: { templateMigration: migration } };
    const [item] = historyItems(reg, [entry], lang, translator(lang));
    expect(item?.what).toBe(what);
    expect(item?.details).toEqual([archived, changed]);
    // Nothing archived: no archive line.
    const [plain] = historyItems(reg, [{ ...entry, payload: { templateMigration: { ...migration, archived: 0 } } }], lang, translator(lang));
    expect(plain?.details).toEqual([changed]);
  });

  it('names the record a copy was made from by its title, never by its id', () => {
    const copy = { id: '4', at: '2026-03-07T08:00:00Z', actorId: 'u', actorName: 'Ada', kind: 'copy' as const, toStates: { $state: 'active' }, payload: { copiedFrom: 'c0ffee-id', copiedFromTitle: 'G-42' } };
    const [named] = historyItems(reg, [copy], 'zh-CN', translator('zh-CN'));
    expect(named?.what).toBe('复制创建');
    expect(named?.details).toContain('复制自 G-42');
    expect(named?.details.join('\n')).not.toContain('c0ffee-id');
    // An entry written before copies carried the title: nothing about the source rather than its id.
    const [older] = historyItems(reg, [{ ...copy, payload: { copiedFrom: 'c0ffee-id' } }], 'en-US', translator('en-US'));
    expect(older?.details.join('\n')).not.toContain('c0ffee-id');
  });

  it("shows a payload's declared date-time in the user's date and time, not ISO, and its amounts in the record's currency", () => {
    const statics = createStaticRegistry();
    const order = statics.get('paymentOrder');
    const at = '2026-11-24T10:54:45.410Z';
    const entry = { id: '1', at, actorId: 'u', actorName: 'Server', kind: 'event' as const, event: 'PAYMENT_NOTIFIED', payload: { paidFen: 53000, payTime: at } };
    const [item] = historyItems(order, [entry], 'zh-CN', translator('zh-CN'), { currency: 'CNY' });
    expect(item?.details).toContain(`支付时间: ${formatDateTime(at, 'zh-CN')}`);
    expect(item?.details).toContain('实付: ¥530.00');
    const [invoiceItem] = historyItems(statics.get('invoice'), [{ ...entry, event: 'PAYMENT_RECEIVED', payload: { amount: 12345, outstanding: 0, paidAmount: 12345 } }], 'en-US', translator('en-US'), { currency: 'USD' });
    expect(invoiceItem?.details).toEqual(['Amount paid: $123.45', 'Outstanding after it: $0.00', 'Paid in total: $123.45']);
    expect(item?.details.join('\n')).not.toContain(at);
  }, 60_000);
});

describe('inline messages', () => {
  it('drop the field-naming prefix the engine puts on a message, only when it is exactly that', () => {
    expect(inlineMessage(reg.schema, 'en-US', 'maker.email', 'Maker · Maker email: must match format "email"')).toBe('must match format "email"');
    expect(inlineMessage(reg.schema, 'en-US', 'parts.1.partNo', 'Parts · Part number (#2): is required')).toBe('is required');
    expect(inlineMessage(reg.schema, 'zh-CN', 'code', '编码: 此项为必填项')).toBe('此项为必填项');
    expect(inlineMessage(reg.schema, 'en-US', 'code', 'Something else: kept')).toBe('Something else: kept');
  });
});
