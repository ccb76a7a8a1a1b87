import { answers, pathParams, type JsonSchema } from '../http/route-schemas.ts';

const TAGS = ['admin'];

const VIEW: JsonSchema = {
  type: 'object',
  required: ['columns', 'actions', 'rows', 'limit'],
  properties: {
    columns: {
      type: 'array',
      items: { type: 'object', required: ['name', 'type'], properties: { name: { type: 'string' }, type: { enum: ['text', 'number', 'time', 'state'] } } },
    },
    actions: { type: 'array', items: { type: 'string' } },
    rows: { type: 'array', items: { type: 'object', required: ['id'], additionalProperties: true, properties: { id: { type: 'string' } } } },
    limit: { type: 'integer' },
  },
};

/** The schemas of the administration screens' routes (admin/routes.ts). */
export const ADMIN_SCHEMAS = {
  view: { tags: TAGS, params: pathParams('view'), response: answers(VIEW) },
  action: { tags: TAGS, params: pathParams('view', 'id', 'action'), response: answers({ type: 'object' }) },
};
