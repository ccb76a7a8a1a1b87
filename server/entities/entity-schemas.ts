import { ANY, answers, pathParams, type JsonSchema } from '../http/route-schemas.ts';

const TAGS = ['entities'];
const entity = pathParams('entity');
const record = pathParams('entity', 'id');
const doc: JsonSchema = { type: 'object' };

/**
 * The outer shape of the generic entity routes (entities/routes.ts). One route serves every
 * registered entity, so the document itself is checked by the entity's declared schema in the
 * service (field-level messages); OpenAPI lists each entity's paths with that schema (engine/openapi.ts).
 */
export const ENTITY_SCHEMAS = {
  list: { tags: TAGS, params: entity, response: answers(ANY) },
  get: { tags: TAGS, params: record, response: answers(ANY) },
  create: { tags: TAGS, params: entity, body: { type: 'object', required: ['doc'], properties: { doc } }, response: answers(ANY, 201) },
  update: {
    tags: TAGS,
    params: record,
    body: { type: 'object', required: ['doc', 'version'], properties: { doc, version: { type: 'integer' } } },
    response: answers(ANY),
  },
  remove: { tags: TAGS, params: record, querystring: { type: 'object', properties: { version: { type: 'string' } } }, response: answers(ANY) },
  send: {
    tags: TAGS,
    params: record,
    body: { type: 'object', required: ['type', 'version'], properties: { type: { type: 'string' }, version: { type: 'integer' }, payload: {} } },
    response: answers(ANY),
  },
  /** The same event to several records (a list's selection): `items` may be empty only to be refused with the SPEC's message. */
  sendMany: {
    tags: TAGS,
    params: entity,
    body: {
      type: 'object',
      required: ['type', 'items'],
      properties: {
        type: { type: 'string' },
        items: { type: 'array', items: { type: 'object', required: ['id', 'version'], properties: { id: { type: 'string' }, version: { type: 'integer' } } } },
        payload: {},
      },
    },
    response: answers(ANY),
  },
  history: { tags: TAGS, params: record, response: answers({ type: 'array' }) },
  document: {
    tags: TAGS,
    params: pathParams('entity', 'id', 'key'),
    querystring: { type: 'object', additionalProperties: false, properties: { lang: { type: 'string', maxLength: 10 } } },
  },
  copy: { tags: TAGS, params: record, response: answers(ANY, 201) },
};
