import { answers, pathParams, queryStrings } from '../http/route-schemas.ts';

/** The schema of the lookup route (lookups/routes.ts): `{ value, label, data? }` options. */
export const LOOKUP_SCHEMA = {
  tags: ['lookups'],
  params: pathParams('name'),
  querystring: queryStrings('q', 'values'),
  response: answers({
    type: 'array',
    items: { type: 'object', required: ['value', 'label'], properties: { value: { type: 'string' }, label: { type: ['string', 'null'] }, keywords: { type: 'string' }, data: { type: 'object', additionalProperties: { type: 'string' } } } },
  }),
};
