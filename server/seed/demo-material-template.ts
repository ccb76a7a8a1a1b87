import { TEMPLATE_RECORD_PERMISSIONS, templateSchemaId, type FieldSchema, type LocalizedText, type TemplateBundle } from '../../engine/index.ts';

const l = (zh: string, en: string): { title: string; 'x-label': LocalizedText } => ({ title: en, 'x-label': { 'zh-CN': zh, 'en-US': en } });
const MAIN: LocalizedText = { 'zh-CN': '物料信息', 'en-US': 'Material' };
const COMPOSITION: LocalizedText = { 'zh-CN': '成分', 'en-US': 'Composition' };

/**
 * The demo material template (kind `material`, published as version 1 by the seed): a supplier's
 * material keyed by its code, with a CAS number, a category list, a weight, markets (multi-select)
 * and a composition whose percentages add up to 100 — imported and exported as xlsx, 500 rows at a time.
 */
export const DEMO_MATERIAL_CODE = 'materialTextile';

export const DEMO_MATERIAL_TEMPLATE: TemplateBundle = {
  entity: {
    name: DEMO_MATERIAL_CODE,
    label: { 'zh-CN': '纺织物料', 'en-US': 'Textile material' },
    titleField: 'title',
    permissions: { ...TEMPLATE_RECORD_PERMISSIONS },
    // The buyer the record is kept for sees it (its list across suppliers: /customer/material/list).
    access: { visibility: 'authorized', shareWith: [{ field: 'buyer' }] },
    routes: { list: `/form/${DEMO_MATERIAL_CODE}/list`, detail: `/form/${DEMO_MATERIAL_CODE}/detail`, form: `/form/${DEMO_MATERIAL_CODE}/form` },
  },
  schema: {
    $id: templateSchemaId(DEMO_MATERIAL_CODE, 1),
    type: 'object',
    required: ['title', 'materialCode', 'category'],
    properties: {
      buyer: { type: 'string', maxLength: 100, 'x-lookup': 'companies', ...l('买家', 'Buyer') },
      title: { type: 'string', minLength: 1, maxLength: 100, ...l('物料名称', 'Material name') },
      materialCode: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9-]+$', ...l('物料编号', 'Material code') },
      category: {
        type: 'string',
        enum: ['fabric', 'trim', 'chemical'],
        ...l('物料类别', 'Category'),
        'x-enumLabels': { fabric: { 'zh-CN': '面料', 'en-US': 'Fabric' }, trim: { 'zh-CN': '辅料', 'en-US': 'Trim' }, chemical: { 'zh-CN': '化学品', 'en-US': 'Chemical' } },
      },
      casNo: { type: 'string', 'x-cas': true, ...l('CAS 号', 'CAS number') } as FieldSchema,
      weight: { type: 'number', minimum: 0, maximum: 100000, ...l('克重（g/m²）', 'Weight (g/m²)') },
      markets: {
        type: 'array',
        uniqueItems: true,
        items: { type: 'string', enum: ['CN', 'EU', 'US'] },
        ...l('销售市场', 'Markets'),
        'x-widget': 'multiSelect',
        'x-enumLabels': { CN: { 'zh-CN': '中国', 'en-US': 'China' }, EU: { 'zh-CN': '欧盟', 'en-US': 'European Union' }, US: { 'zh-CN': '美国', 'en-US': 'United States' } },
      },
      composition: {
        type: 'array',
        maxItems: 100,
        ...l('成分', 'Composition'),
        'x-widget': 'table',
        'x-sumTo': 100,
        items: {
          type: 'object',
          required: ['component', 'percentage'],
          properties: {
            component: { type: 'string', maxLength: 100, ...l('成分', 'Component') },
            percentage: { type: 'number', minimum: 0, maximum: 100, ...l('百分比', 'Percentage') },
          },
        },
      } as FieldSchema,
    },
  },
  views: {
    list: {
      columns: [{ field: 'title', link: true, sortable: true }, { field: 'materialCode', sortable: true }, { field: 'category' }, { field: '$companyName' }, { field: '$createdAt', sortable: true }],
      filters: [{ field: 'title', op: 'contains' }, { field: 'materialCode', op: 'contains' }, { field: 'category', op: 'eq' }],
      defaultSort: { field: '$createdAt', order: 'desc' },
      export: { format: 'xlsx', maxRows: 5000 },
      import: { format: 'xlsx', maxRows: 500, key: ['materialCode'] },
    },
    detail: {
      sections: [
        { id: 'main', label: MAIN, fields: ['buyer', 'title', 'materialCode', 'category', 'casNo', 'weight', 'markets'] },
        { id: 'composition', label: COMPOSITION, fields: ['composition'] },
      ],
    },
    form: {
      sections: [
        { id: 'main', label: MAIN, columns: 2, fields: ['buyer', 'title', 'materialCode', 'category', 'casNo', 'weight', 'markets'] },
        { id: 'composition', label: COMPOSITION, fields: ['composition'] },
      ],
    },
  },
  uiSchema: { composition: { 'ui:options': { orderable: false } } },
};
