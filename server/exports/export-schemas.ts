import { pathParams } from '../http/route-schemas.ts';

const TAGS = ['entities'];
const ids = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 } };
/** The answer is the file's bytes, not an envelope (a refusal is the usual error envelope, before any byte). */
const file = (what: string) => ({ 200: { description: what, type: 'string', format: 'binary' } });

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
    response: file('the rows as xlsx, streamed; x-export-total: how many'),
  },
  files: {
    tags: TAGS,
    params: pathParams('entity'),
    body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids } },
    response: file('the files as one zip, streamed; x-export-total: how many'),
  },
};
