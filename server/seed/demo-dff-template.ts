import { TEMPLATE_RECORD_PERMISSIONS, templateSchemaId, type FieldSchema, type LocalizedText, type TemplateBundle } from '../../engine/index.ts';

const l = (zh: string, en: string): { title: string; 'x-label': LocalizedText } => ({ title: en, 'x-label': { 'zh-CN': zh, 'en-US': en } });
const BASICS: LocalizedText = { 'zh-CN': '款式信息', 'en-US': 'Style' };
const MATERIAL: LocalizedText = { 'zh-CN': '材料与成分', 'en-US': 'Material and composition' };

/**
 * The demo DFF template (published as version 1 by the seed): a textile style form using each
 * custom field type — composition percentages adding up to 100 in a table of at most 100 rows,
 * CAS numbers, a date range, a multi-select and a JPG upload.
 */
export const DEMO_DFF_CODE = 'dffTextile';

export const DEMO_DFF_TEMPLATE: TemplateBundle = {
  entity: {
    name: DEMO_DFF_CODE,
    label: { 'zh-CN': '纺织品 DFF 表单', 'en-US': 'Textile DFF form' },
    titleField: 'styleNo',
    permissions: { ...TEMPLATE_RECORD_PERMISSIONS },
    routes: { list: `/form/${DEMO_DFF_CODE}/list`, detail: `/form/${DEMO_DFF_CODE}/detail`, form: `/form/${DEMO_DFF_CODE}/form` },
  },
  schema: {
    $id: templateSchemaId(DEMO_DFF_CODE, 1),
    type: 'object',
    required: ['styleNo', 'fabric'],
    properties: {
      styleNo: { type: 'string', maxLength: 50, ...l('款号', 'Style no.') },
      fabric: {
        type: 'string',
        enum: ['knit', 'woven', 'nonwoven'],
        ...l('面料类型', 'Fabric type'),
        'x-enumLabels': { knit: { 'zh-CN': '针织', 'en-US': 'Knit' }, woven: { 'zh-CN': '梭织', 'en-US': 'Woven' }, nonwoven: { 'zh-CN': '无纺', 'en-US': 'Nonwoven' } },
      },
      composition: {
        type: 'array',
        maxItems: 100,
        ...l('纤维成分', 'Fibre composition'),
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
      substances: {
        type: 'array',
        maxItems: 100,
        ...l('化学物质', 'Substances'),
        'x-widget': 'table',
        items: {
          type: 'object',
          required: ['name', 'cas'],
          properties: {
            name: { type: 'string', maxLength: 200, ...l('物质名称', 'Substance') },
            cas: { type: 'string', 'x-cas': true, ...l('CAS 号', 'CAS number') },
          },
        },
      },
      testPeriod: {
        type: 'array',
        minItems: 2,
        maxItems: 2,
        items: { type: 'string', format: 'date' },
        ...l('测试期间', 'Test period'),
        'x-widget': 'dateRange',
        'x-dateRange': { maxDays: 366 },
      },
      markets: {
        type: 'array',
        uniqueItems: true,
        items: { type: 'string', enum: ['CN', 'EU', 'US'] },
        ...l('销售市场', 'Markets'),
        'x-widget': 'multiSelect',
        'x-enumLabels': { CN: { 'zh-CN': '中国', 'en-US': 'China' }, EU: { 'zh-CN': '欧盟', 'en-US': 'European Union' }, US: { 'zh-CN': '美国', 'en-US': 'United States' } },
      },
      careLabel: {
        type: 'array',
        maxItems: 1,
        ...l('洗标照片', 'Care label photo'),
        'x-widget': 'upload',
        'x-upload': { accept: ['image/jpeg'], maxBytes: 2097152, maxFiles: 1 },
        'x-description': { 'zh-CN': '仅限 JPG，最大 2 MB', 'en-US': 'JPG only, up to 2 MB' },
        items: {
          type: 'object',
          required: ['fileId', 'fileName', 'contentType', 'size'],
          properties: {
            fileId: { type: 'string', maxLength: 100, ...l('文件编号', 'File id') },
            fileName: { type: 'string', maxLength: 255, ...l('文件名', 'File name') },
            contentType: { type: 'string', enum: ['image/jpeg'], ...l('类型', 'Type'), 'x-enumLabels': { 'image/jpeg': { 'zh-CN': 'JPG 图片', 'en-US': 'JPG image' } } },
            size: { type: 'integer', minimum: 1, maximum: 2097152, ...l('大小', 'Size') },
          },
        },
      },
    },
  },
  views: {
    list: {
      columns: [{ field: 'styleNo', link: true, sortable: true }, { field: 'fabric' }, { field: '$companyName' }, { field: '$createdAt', sortable: true }],
      filters: [{ field: 'styleNo', op: 'contains' }, { field: 'fabric', op: 'eq' }],
      defaultSort: { field: '$createdAt', order: 'desc' },
    },
    detail: {
      sections: [
        { id: 'style', label: BASICS, fields: ['styleNo', 'fabric', 'markets', 'testPeriod'] },
        { id: 'material', label: MATERIAL, fields: ['composition', 'substances', 'careLabel'] },
      ],
    },
    form: {
      sections: [
        { id: 'style', label: BASICS, columns: 2, fields: ['styleNo', 'fabric', 'markets', 'testPeriod'] },
        { id: 'material', label: MATERIAL, fields: ['composition', 'substances', 'careLabel'] },
      ],
    },
  },
  uiSchema: { composition: { 'ui:options': { orderable: false } }, substances: { 'ui:options': { orderable: false } } },
};

/** Demo customer groups; the demo buyer belongs to the first. */
export const DEMO_CUSTOMER_GROUPS = [
  { code: 'CG-RETAIL', nameZh: '零售品牌客户组', nameEn: 'Retail brands', sort: 0, members: ['c-buyer'] },
  { code: 'CG-SPORTS', nameZh: '运动品牌客户组', nameEn: 'Sportswear brands', sort: 1, members: [] },
] as const;

/** The template setting of the demo: the retail group's textile TRFs take the demo DFF template. */
export const DEMO_TEMPLATE_SETTING = {
  id: 'ts-retail-textile',
  templateCode: DEMO_DFF_CODE,
  trfTemplateId: 'TPL-TEXTILE',
  customerGroup: 'CG-RETAIL',
  productLine: 'SL',
  isDefault: true,
} as const;
