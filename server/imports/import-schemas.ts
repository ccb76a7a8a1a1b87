import { answers, pathParams } from '../http/route-schemas.ts';

const TAGS = ['entities'];
const cellError = {
  type: 'object',
  required: ['row', 'column', 'field', 'title', 'message'],
  properties: { row: { type: 'integer' }, column: { type: 'string' }, field: { type: 'string' }, title: { type: 'string' }, message: { type: 'string' } },
};

/**
 * The import routes (imports/routes.ts): the template is the xlsx itself; the upload's body is
 * the file's bytes, and its answer counts what was imported and lists the bad cells. A refusal
 * with bad cells (400 `IMPORT_ROWS_INVALID`) carries them as `data.errors`.
 */
export const IMPORT_SCHEMAS = {
  template: {
    tags: TAGS,
    params: pathParams('entity'),
    response: { 200: { description: 'the import template as xlsx, streamed', type: 'string', format: 'binary' } },
  },
  upload: {
    tags: TAGS,
    params: pathParams('entity'),
    querystring: { type: 'object', additionalProperties: false, properties: { validOnly: { enum: ['true', 'false'] } } },
    response: answers({
      type: 'object',
      required: ['imported', 'skipped', 'errors', 'message'],
      properties: { imported: { type: 'integer' }, skipped: { type: 'integer' }, errors: { type: 'array', items: cellError }, message: { type: 'string' } },
    }),
  },
};
