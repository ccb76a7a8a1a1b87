import { MAX_TABLE_ROWS, UPLOAD_LIMITS, type FieldSchema, type LocalizedText } from '../../engine/index.ts';

/** The palette's field types; each makes plain JSON Schema plus the `x-` annotations checkTemplate expects. */
export const FIELD_TYPES = [
  'text', 'textarea', 'number', 'integer', 'select', 'multiSelect', 'radio', 'checkbox', 'switch',
  'date', 'dateRange', 'image', 'attachment', 'table', 'section', 'cas', 'composition',
] as const;
export type FieldTypeName = (typeof FIELD_TYPES)[number];

/** Types whose node holds child fields (a section's properties, a table's row properties). */
export const CONTAINER_TYPES: readonly FieldTypeName[] = ['section', 'table'];

type Node = FieldSchema & Record<string, unknown>;
const lbl = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });
const labelled = (label: LocalizedText): Node => ({ title: label['en-US'], 'x-label': label });

const OPTIONS = ['option1', 'option2'];
const OPTION_LABELS = { option1: lbl('选项一', 'Option 1'), option2: lbl('选项二', 'Option 2') };

function upload(mime: 'image/jpeg' | 'application/pdf'): Node {
  const maxBytes = UPLOAD_LIMITS[mime]!;
  return {
    type: 'array',
    maxItems: 1,
    'x-widget': 'upload',
    'x-upload': { accept: [mime], maxBytes, maxFiles: 1 },
    items: {
      type: 'object',
      required: ['fileId', 'fileName', 'contentType', 'size'],
      properties: {
        fileId: { type: 'string', maxLength: 100, ...labelled(lbl('文件编号', 'File id')) },
        fileName: { type: 'string', maxLength: 255, ...labelled(lbl('文件名', 'File name')) },
        contentType: { type: 'string', enum: [mime], ...labelled(lbl('类型', 'Type')), 'x-enumLabels': { [mime]: mime === 'image/jpeg' ? lbl('JPG 图片', 'JPG image') : lbl('PDF 文件', 'PDF file') } },
        size: { type: 'integer', minimum: 1, maximum: maxBytes, ...labelled(lbl('大小', 'Size')) },
      },
    },
  };
}

/** The schema node of a new field of this type (labels are the caller's). */
export function createFieldNode(type: FieldTypeName, label: LocalizedText): Node {
  const base = labelled(label);
  switch (type) {
    case 'text': return { type: 'string', maxLength: 200, ...base };
    case 'textarea': return { type: 'string', maxLength: 2000, 'x-widget': 'textarea', ...base };
    case 'number': return { type: 'number', ...base };
    case 'integer': return { type: 'integer', ...base };
    case 'select': return { type: 'string', enum: [...OPTIONS], 'x-enumLabels': { ...OPTION_LABELS }, ...base };
    case 'radio': return { type: 'string', enum: [...OPTIONS], 'x-enumLabels': { ...OPTION_LABELS }, 'x-widget': 'radio', ...base };
    case 'multiSelect':
      return { type: 'array', uniqueItems: true, items: { type: 'string', enum: [...OPTIONS] }, 'x-enumLabels': { ...OPTION_LABELS }, 'x-widget': 'multiSelect', ...base };
    case 'checkbox': return { type: 'boolean', ...base };
    case 'switch': return { type: 'boolean', 'x-widget': 'switch', ...base };
    case 'date': return { type: 'string', format: 'date', ...base };
    case 'dateRange':
      return { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', format: 'date' }, 'x-widget': 'dateRange', 'x-dateRange': { maxDays: 366 }, ...base };
    case 'image': return { ...upload('image/jpeg'), ...base };
    case 'attachment': return { ...upload('application/pdf'), ...base };
    case 'table': return { type: 'array', maxItems: MAX_TABLE_ROWS, 'x-widget': 'table', items: { type: 'object', properties: {} }, ...base };
    case 'section': return { type: 'object', properties: {}, ...base };
    case 'cas': return { type: 'string', 'x-cas': true, ...base };
    case 'composition':
      return {
        type: 'array', maxItems: MAX_TABLE_ROWS, 'x-widget': 'table', 'x-sumTo': 100, 'x-sumField': 'percentage', ...base,
        items: {
          type: 'object',
          required: ['component', 'percentage'],
          properties: {
            component: { type: 'string', maxLength: 100, ...labelled(lbl('成分', 'Component')) },
            percentage: { type: 'number', minimum: 0, maximum: 100, ...labelled(lbl('百分比', 'Percentage')) },
          },
        },
      };
  }
}

/** Which palette type a schema node is (for icons, the property panel and nesting rules). */
export function fieldTypeOfNode(node: Node): FieldTypeName {
  const widget = node['x-widget'];
  if (node['x-sumTo'] !== undefined) return 'composition';
  if (widget === 'upload') return (node['x-upload'] as { accept?: string[] } | undefined)?.accept?.includes('application/pdf') ? 'attachment' : 'image';
  if (widget === 'table') return 'table';
  if (widget === 'dateRange' || node['x-dateRange'] !== undefined) return 'dateRange';
  if (node.type === 'array') return 'multiSelect';
  if (node.type === 'object') return 'section';
  if (node['x-cas'] === true) return 'cas';
  if (node.type === 'boolean') return widget === 'switch' ? 'switch' : 'checkbox';
  if (node.enum) return widget === 'radio' ? 'radio' : 'select';
  if (node.type === 'number') return 'number';
  if (node.type === 'integer') return 'integer';
  if (node.format === 'date') return 'date';
  return widget === 'textarea' ? 'textarea' : 'text';
}

/** The label a new field starts with, in both languages (template content, edited in the property panel). */
export const NEW_FIELD_LABELS: Record<FieldTypeName, LocalizedText> = {
  text: lbl('文本', 'Text'), textarea: lbl('多行文本', 'Long text'), number: lbl('数字', 'Number'), integer: lbl('整数', 'Whole number'),
  select: lbl('下拉选择', 'Choice'), multiSelect: lbl('多选', 'Multiple choice'), radio: lbl('单选', 'Single choice'), checkbox: lbl('勾选', 'Tick box'),
  switch: lbl('开关', 'Switch'), date: lbl('日期', 'Date'), dateRange: lbl('日期范围', 'Date range'), image: lbl('图片', 'Image'),
  attachment: lbl('附件', 'Attachment'), table: lbl('表格', 'Table'), section: lbl('分组', 'Group'), cas: lbl('CAS 号', 'CAS number'),
  composition: lbl('成分百分比', 'Composition'),
};
