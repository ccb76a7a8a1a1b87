import type { EntitySchema, FieldSchema } from '../../../engine/index.ts';
import type { TemplateBundle } from '../../../engine/index.ts';

const label = (zh: string, en: string) => ({ 'x-label': { 'zh-CN': zh, 'en-US': en } });
const text = (zh: string, en: string, extra: FieldSchema = {}): FieldSchema => ({ type: 'string', ...label(zh, en), ...extra });

/** Version 1 of a DFF form: a style, its fibre composition, the buyer's contact and a few typed fields. */
export const V1: EntitySchema = {
  $id: 'https://portico.dev/test/dff/v1.json',
  type: 'object',
  properties: {
    styleNo: text('款号', 'Style no.'),
    qty: text('数量', 'Quantity'),
    fiber: {
      type: 'array',
      ...label('纤维', 'Fibre'),
      items: {
        type: 'object',
        properties: {
          component: text('成分', 'Component'),
          percentage: { type: 'number', ...label('百分比', 'Percentage') },
          note: text('备注', 'Note'),
        },
      },
    },
    buyer: { type: 'object', ...label('买家', 'Buyer'), properties: { contact: text('联系人', 'Contact'), phone: text('电话', 'Phone') } },
    washable: { type: 'boolean', ...label('可水洗', 'Washable') },
    tags: text('标签', 'Tags'),
    launch: text('上市时间', 'Launch', { format: 'date-time' }),
    legacyCode: text('旧编码', 'Legacy code'),
  },
};

/** Version 2: styleNo → styleNumber, fiber → composition (percentage → percent, note removed), buyer.contact → buyer.contactName, legacyCode removed, types changed, season added with a default. */
export const V2: EntitySchema = {
  $id: 'https://portico.dev/test/dff/v2.json',
  type: 'object',
  required: ['styleNumber'],
  properties: {
    styleNumber: text('款号', 'Style number'),
    qty: { type: 'integer', minimum: 0, ...label('数量', 'Quantity') },
    composition: {
      type: 'array',
      ...label('成分', 'Composition'),
      'x-sumTo': 100,
      'x-sumField': 'percent',
      items: {
        type: 'object',
        required: ['component', 'percent'],
        properties: { component: text('成分', 'Component'), percent: { type: 'number', ...label('百分比', 'Percent') } },
      },
    },
    buyer: { type: 'object', ...label('买家', 'Buyer'), properties: { contactName: text('联系人', 'Contact name'), phone: text('电话', 'Phone') } },
    washable: text('可水洗', 'Washable'),
    tags: { type: 'array', items: { type: 'string' }, ...label('标签', 'Tags') },
    launch: text('上市日期', 'Launch date', { format: 'date' }),
    season: text('季节', 'Season', { default: 'SS25' }),
  },
};

export const V2_RENAMES = {
  styleNo: 'styleNumber',
  fiber: 'composition',
  'fiber.percentage': 'composition.percent',
  'buyer.contact': 'buyer.contactName',
};

/** A v1 document touching every change. */
export const V1_DOC = {
  styleNo: 'ST-001',
  qty: '12',
  fiber: [
    { component: 'Cotton', percentage: 95, note: 'combed' },
    { component: 'Spandex', percentage: 5 },
  ],
  buyer: { contact: 'Wang', phone: '021-1234' },
  washable: true,
  tags: 'summer',
  launch: '2025-03-01T00:00:00Z',
  legacyCode: 'OLD-9',
};

/** A template bundle that passes every check: a DFF form using each custom field type. */
export function validBundle(): TemplateBundle {
  return {
    entity: {
      name: 'dffTextile',
      label: { 'zh-CN': '纺织品 DFF', 'en-US': 'Textile DFF' },
      titleField: 'styleNo',
      permissions: { list: 'form:list', read: 'form:read', create: 'form:create', update: 'form:update' },
      routes: { list: '/form/dffTextile/list', detail: '/form/detail', form: '/form/dffTextile/form' },
    },
    schema: {
      $id: 'https://portico.dev/templates/dffTextile/v1.json',
      type: 'object',
      required: ['styleNo'],
      properties: {
        styleNo: text('款号', 'Style no.', { maxLength: 50 }),
        cas: text('CAS 号', 'CAS number', { 'x-cas': true } as FieldSchema),
        fabric: { type: 'string', enum: ['knit', 'woven'], ...label('面料', 'Fabric'), 'x-enumLabels': { knit: { 'zh-CN': '针织', 'en-US': 'Knit' }, woven: { 'zh-CN': '梭织', 'en-US': 'Woven' } } },
        composition: {
          type: 'array',
          ...label('成分', 'Composition'),
          'x-sumTo': 100,
          'x-widget': 'table',
          maxItems: 100,
          items: { type: 'object', required: ['component', 'percentage'], properties: { component: text('成分', 'Component'), percentage: { type: 'number', minimum: 0, maximum: 100, ...label('百分比', 'Percentage') } } },
        } as FieldSchema,
        period: { type: 'array', ...label('测试期间', 'Test period'), 'x-dateRange': { maxDays: 366 }, minItems: 2, maxItems: 2, items: { type: 'string', format: 'date' } } as FieldSchema,
        markets: {
          type: 'array',
          uniqueItems: true,
          ...label('市场', 'Markets'),
          'x-widget': 'multiSelect',
          items: { type: 'string', enum: ['CN', 'EU'] },
          'x-enumLabels': { CN: { 'zh-CN': '中国', 'en-US': 'China' }, EU: { 'zh-CN': '欧盟', 'en-US': 'EU' } },
        },
        photo: {
          type: 'array',
          ...label('照片', 'Photo'),
          maxItems: 1,
          'x-widget': 'upload',
          'x-upload': { accept: ['image/jpeg'], maxBytes: 2097152, maxFiles: 1 },
          items: { type: 'object', properties: { fileId: { type: 'string', ...label('文件', 'File') } } },
        },
      },
    },
    views: {
      list: {
        columns: [{ field: 'styleNo', link: true, sortable: true }, { field: 'fabric' }, { field: '$createdAt', sortable: true }],
        filters: [{ field: 'styleNo', op: 'contains' }, { field: 'fabric', op: 'eq' }],
        defaultSort: { field: '$createdAt', order: 'desc' },
      },
      detail: { sections: [{ id: 'main', label: { 'zh-CN': '基本信息', 'en-US': 'Basics' }, fields: ['styleNo', 'cas', 'fabric', 'composition'] }] },
      form: { sections: [{ id: 'main', label: { 'zh-CN': '基本信息', 'en-US': 'Basics' }, fields: ['styleNo', 'cas', 'fabric', 'composition', 'period', 'markets', 'photo'] }] },
    },
    uiSchema: { composition: { 'ui:options': { orderable: false } } },
  };
}
