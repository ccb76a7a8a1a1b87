import { pathParams } from '../http/route-schemas.ts';

const TAGS = ['entities'];
const ids = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 } };

/**
 * The export routes (exports/routes.ts): the answer is the file itself (an xlsx or a zip), or
 * the error envelope before anything is streamed. The list's query (filters, sort, side) travels
 * as the list's own query string.
 */
export const EXPORT_SCHEMAS = {
  rows: {
    tags: TAGS,
    params: pathParams('entity'),
    body: { type: 'object', additionalProperties: false, properties: { ids } },
  },
  files: {
    tags: TAGS,
    params: pathParams('entity'),
    body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids } },
  },
};
