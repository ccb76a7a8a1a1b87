import type { EntitySchema } from '../declaration/types.ts';

/** A text in zh-CN and en-US; a missing one is a warning (checkTemplateWithWarnings), pages fall back. */
const localized = { type: 'object', properties: { 'zh-CN': { type: 'string' }, 'en-US': { type: 'string' } } };
const section = {
  type: 'object',
  required: ['id', 'label', 'fields'],
  properties: { id: { type: 'string', minLength: 1 }, label: localized, fields: { type: 'array', items: { type: 'string' } }, columns: { enum: [1, 2, 3] } },
};
const sortSpec = { type: 'object', required: ['field', 'order'], properties: { field: { type: 'string' }, order: { enum: ['asc', 'desc'] } } };

/**
 * The outline of a template bundle (entity, schema, views, uiSchema), checked before anything
 * reads it, so a malformed draft is a 400 with a message and never a crash. The JSON Schema
 * itself is checked against its draft's meta-schema separately.
 */
export const TEMPLATE_BUNDLE_SHAPE: EntitySchema = {
  $id: 'https://portico.dev/schemas/template-bundle.json',
  type: 'object',
  required: ['entity', 'schema', 'views'],
  properties: {
    entity: {
      type: 'object',
      required: ['name', 'label', 'titleField', 'permissions', 'routes'],
      properties: {
        name: { type: 'string' },
        label: localized,
        titleField: { type: 'string' },
        permissions: {
          type: 'object',
          required: ['list', 'read', 'create', 'update'],
          properties: { list: { type: 'string' }, read: { type: 'string' }, create: { type: 'string' }, update: { type: 'string' }, delete: { type: 'string' } },
        },
        routes: {
          type: 'object',
          required: ['list', 'detail', 'form'],
          properties: { list: { type: 'string' }, detail: { type: 'string' }, form: { type: 'string' } },
        },
      },
    },
    schema: { type: 'object', required: ['type', 'properties'], properties: { type: { const: 'object' }, properties: { type: 'object' } } },
    views: {
      type: 'object',
      required: ['list', 'detail', 'form'],
      properties: {
        list: {
          type: 'object',
          required: ['columns', 'filters', 'defaultSort'],
          properties: {
            columns: { type: 'array', items: { type: 'object', required: ['field'], properties: { field: { type: 'string' }, sortable: { type: 'boolean' }, link: { type: 'boolean' } } } },
            filters: { type: 'array', items: { type: 'object', required: ['field', 'op'], properties: { field: { type: 'string' }, op: { enum: ['eq', 'contains', 'in', 'range'] } } } },
            defaultSort: sortSpec,
            pageSize: { type: 'integer', minimum: 1, maximum: 200 },
          },
        },
        detail: { type: 'object', required: ['sections'], properties: { sections: { type: 'array', items: section } } },
        form: { type: 'object', required: ['sections'], properties: { sections: { type: 'array', items: section } } },
      },
    },
    uiSchema: { type: 'object' },
  },
} as EntitySchema;
