import {
  TEMPLATE_RECORD_PERMISSIONS,
  templateSchemaId,
  type LocalizedText,
  type TemplateBundle,
} from '../../engine/index.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The routes a template's pages live under in the portal (SPEC §2: /form/{formCode}/list). */
export const templateRoutes = (code: string) => ({ list: `/form/${code}/list`, detail: `/form/${code}/detail`, form: `/form/${code}/form` });

/**
 * What the server owns in a designer's bundle: the entity name is the template code, the schema
 * `$id` names the version, and routes and permissions get defaults when left out. Anything that
 * is not an object stays as it is, for the checks to report.
 */
export function normalizeBundle(code: string, version: number, input: unknown): unknown {
  if (!isObject(input) || !isObject(input.entity) || !isObject(input.schema)) return input;
  const entity: Record<string, unknown> = { ...input.entity, name: code };
  if (!isObject(entity.routes)) entity.routes = templateRoutes(code);
  if (!isObject(entity.permissions)) entity.permissions = { ...TEMPLATE_RECORD_PERMISSIONS };
  return { ...input, entity, schema: { ...input.schema, $id: templateSchemaId(code, version) } };
}

const MAIN_SECTION: LocalizedText = { 'zh-CN': '基本信息', 'en-US': 'Basic information' };

/**
 * Material and product templates (SPEC §2, §5, §9): suppliers keep their records in bulk, so the
 * list imports up to 500 rows at a time (keyed by the title field) and exports what re-imports.
 */
const BULK_KINDS = new Set(['material', 'product']);
const bulkViews = (kind: string) =>
  BULK_KINDS.has(kind) ? { import: { format: 'xlsx' as const, maxRows: 500, key: ['title'] }, export: { format: 'xlsx' as const, maxRows: 5000 } } : {};

/** A new template's first draft when the designer gives only a name: one required title field. */
export function starterBundle(code: string, label: LocalizedText, kind = 'dff'): TemplateBundle {
  return {
    entity: { name: code, label, titleField: 'title', permissions: { ...TEMPLATE_RECORD_PERMISSIONS }, routes: templateRoutes(code) },
    schema: {
      $id: templateSchemaId(code, 1),
      type: 'object',
      required: ['title'],
      properties: { title: { type: 'string', maxLength: 100, title: 'Title', 'x-label': { 'zh-CN': '标题', 'en-US': 'Title' } } },
    },
    views: {
      list: {
        columns: [{ field: 'title', link: true, sortable: true }, { field: '$createdAt', sortable: true }],
        filters: [{ field: 'title', op: 'contains' }],
        defaultSort: { field: '$createdAt', order: 'desc' },
        ...bulkViews(kind),
      },
      detail: { sections: [{ id: 'main', label: MAIN_SECTION, fields: ['title', '$createdAt'] }] },
      form: { sections: [{ id: 'main', label: MAIN_SECTION, fields: ['title'] }] },
    },
    uiSchema: {},
  };
}
