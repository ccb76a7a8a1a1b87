import { answers, pathParams, queryStrings } from '../http/route-schemas.ts';

const TAGS = ['statistics'];
const query = queryStrings('from', 'to', 'company', 'chart');
const count = { type: 'integer' };
const named = { type: 'object', required: ['key', 'label'], properties: { key: { type: 'string' }, label: { type: 'string' } } };
const chart = {
  type: 'object',
  required: ['id', 'label', 'type', 'measure', 'series', 'groups'],
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    type: { type: 'string' },
    measure: { type: 'string' },
    series: { type: 'array', items: named },
    groups: {
      type: 'array',
      items: { type: 'object', required: ['key', 'label', 'counts', 'total'], properties: { key: { type: 'string' }, label: { type: 'string' }, counts: { type: 'object', additionalProperties: count }, total: count } },
    },
  },
};

/** The statistics routes (statistics/routes.ts): a page's charts, and their data as xlsx. Filters travel in the query string (from, to, company, the scope's criteria). */
export const STATISTICS_SCHEMAS = {
  page: { tags: TAGS, params: pathParams('page'), querystring: query, response: answers({ type: 'object', required: ['charts'], properties: { charts: { type: 'array', items: chart } } }) },
  export: { tags: TAGS, params: pathParams('page'), querystring: query, response: { 200: { description: 'the charts\' data as xlsx, a sheet per chart', type: 'string', format: 'binary' } } },
};
