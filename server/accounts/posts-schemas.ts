import { answers, pathParams, queryStrings, type JsonSchema } from '../http/route-schemas.ts';

const TAGS = ['accounts'];

const LOCALIZED: JsonSchema = { type: 'object', properties: { 'zh-CN': { type: 'string' }, 'en-US': { type: 'string' } } };
const NULLABLE_STRING: JsonSchema = { type: ['string', 'null'] };

/** Declared roles or posts with their labels. */
const NAMED_LIST: JsonSchema = {
  type: 'array',
  items: { type: 'object', required: ['name', 'label'], properties: { name: { type: 'string' }, label: LOCALIZED, description: LOCALIZED } },
};

const ACCOUNT: JsonSchema = {
  type: 'object',
  required: ['id', 'account', 'companyId', 'roles', 'posts'],
  properties: {
    id: { type: 'string' },
    account: { type: 'string' },
    userName: { type: 'string' },
    email: NULLABLE_STRING,
    companyId: { type: 'string' },
    companyName: { type: 'string' },
    status: { type: 'string' },
    isAdmin: { type: 'boolean' },
    roles: { type: 'array', items: { type: 'string' } },
    posts: { type: 'array', items: { type: 'string' } },
    postsChangedAt: NULLABLE_STRING,
    postsChangedBy: NULLABLE_STRING,
  },
};

/** The schemas of the post assignment routes (accounts/posts-routes.ts). */
export const POST_SCHEMAS = {
  list: {
    tags: TAGS,
    querystring: queryStrings('companyId'),
    response: answers({
      type: 'object',
      required: ['roles', 'posts', 'companies', 'accounts', 'allCompanies'],
      properties: {
        roles: NAMED_LIST,
        posts: NAMED_LIST,
        companies: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } },
        accounts: { type: 'array', items: ACCOUNT },
        allCompanies: { type: 'boolean' },
      },
    }),
  },
  assign: {
    tags: TAGS,
    params: pathParams('id'),
    body: {
      type: 'object',
      required: ['posts'],
      additionalProperties: false,
      properties: { posts: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } },
    },
    response: answers(ACCOUNT),
  },
  history: {
    tags: TAGS,
    params: pathParams('id'),
    response: answers({
      type: 'array',
      items: {
        type: 'object',
        required: ['at', 'from', 'to'],
        properties: { at: { type: 'string' }, actorName: NULLABLE_STRING, from: { type: 'array', items: { type: 'string' } }, to: { type: 'array', items: { type: 'string' } } },
      },
    }),
  },
};
