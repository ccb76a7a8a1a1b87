import { TEMPLATE_RECORD_PERMISSIONS, templateSchemaId, type LocalizedText, type TemplateBundle } from '../../engine/index.ts';

const l = (zh: string, en: string): { title: string; 'x-label': LocalizedText } => ({ title: en, 'x-label': { 'zh-CN': zh, 'en-US': en } });
const MAIN: LocalizedText = { 'zh-CN': '产品信息', 'en-US': 'Product' };

/** The demo product template (kind `product`, published as version 1 by the seed): a supplier's product keyed by its style number. */
export const DEMO_PRODUCT_CODE = 'productApparel';

export const DEMO_PRODUCT_TEMPLATE: TemplateBundle = {
  entity: {
    name: DEMO_PRODUCT_CODE,
    label: { 'zh-CN': '服装产品', 'en-US': 'Apparel product' },
    titleField: 'title',
    permissions: { ...TEMPLATE_RECORD_PERMISSIONS },
    // The buyer the record is kept for sees it (its list across suppliers: /customer/material/list).
    access: { visibility: 'authorized', shareWith: [{ field: 'buyer' }] },
    routes: { list: `/form/${DEMO_PRODUCT_CODE}/list`, detail: `/form/${DEMO_PRODUCT_CODE}/detail`, form: `/form/${DEMO_PRODUCT_CODE}/form` },
  },
  schema: {
    $id: templateSchemaId(DEMO_PRODUCT_CODE, 1),
    type: 'object',
    required: ['title', 'styleNo', 'ageGroup'],
    properties: {
      buyer: { type: 'string', maxLength: 100, 'x-lookup': 'companies', ...l('买家', 'Buyer') },
      title: { type: 'string', minLength: 1, maxLength: 100, ...l('产品名称', 'Product name') },
      styleNo: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9-]+$', ...l('款号', 'Style no.') },
      ageGroup: {
        type: 'string',
        enum: ['adult', 'child', 'infant'],
        ...l('适用人群', 'Age group'),
        'x-enumLabels': { adult: { 'zh-CN': '成人', 'en-US': 'Adult' }, child: { 'zh-CN': '儿童', 'en-US': 'Child' }, infant: { 'zh-CN': '婴幼儿', 'en-US': 'Infant' } },
      },
      season: { type: 'string', maxLength: 20, ...l('季节', 'Season') },
      launchDate: { type: 'string', format: 'date', ...l('上市日期', 'Launch date') },
    },
  },
  views: {
    list: {
      columns: [{ field: 'title', link: true, sortable: true }, { field: 'styleNo', sortable: true }, { field: 'ageGroup' }, { field: '$companyName' }, { field: '$createdAt', sortable: true }],
      filters: [{ field: 'title', op: 'contains' }, { field: 'styleNo', op: 'contains' }, { field: 'ageGroup', op: 'eq' }],
      defaultSort: { field: '$createdAt', order: 'desc' },
      export: { format: 'xlsx', maxRows: 5000 },
      import: { format: 'xlsx', maxRows: 500, key: ['styleNo'] },
    },
    detail: { sections: [{ id: 'main', label: MAIN, fields: ['buyer', 'title', 'styleNo', 'ageGroup', 'season', 'launchDate'] }] },
    form: { sections: [{ id: 'main', label: MAIN, columns: 2, fields: ['buyer', 'title', 'styleNo', 'ageGroup', 'season', 'launchDate'] }] },
  },
  uiSchema: {},
};
