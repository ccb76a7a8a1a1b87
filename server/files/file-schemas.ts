import { answers, pathParams, queryStrings } from '../http/route-schemas.ts';

const TAGS = ['files'];

/** The schemas of the file routes (files/routes.ts); the upload's body is the file's bytes (PDF or JPG). */
export const FILE_SCHEMAS = {
  upload: {
    tags: TAGS,
    querystring: queryStrings('name'),
    response: answers({
      type: 'object',
      required: ['fileId', 'fileName', 'contentType', 'size'],
      properties: { fileId: { type: 'string' }, fileName: { type: 'string' }, contentType: { type: 'string' }, size: { type: 'integer' } },
    }),
  },
  download: { tags: TAGS, params: pathParams('id'), querystring: queryStrings('download') },
  remove: {
    tags: TAGS,
    params: pathParams('id'),
    response: answers({ type: 'object', required: ['fileId'], properties: { fileId: { type: 'string' } } }),
  },
};
