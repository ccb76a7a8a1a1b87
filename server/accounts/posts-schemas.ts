import { answers, OBJECT_BODY, pathParams, queryStrings, type JsonSchema } from '../http/route-schemas.ts';

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
    mobile: NULLABLE_STRING,
    companyId: { type: 'string' },
    companyName: { type: 'string' },
    status: { type: 'string' },
    accountState: { type: 'string', enum: ['enabled', 'disabled', 'reclaimed', 'closed'] },
    accountType: { type: ['string', 'null'] },
    department: NULLABLE_STRING,
    isAdmin: { type: 'boolean' },
    roles: { type: 'array', items: { type: 'string' } },
    posts: { type: 'array', items: { type: 'string' } },
    postsChangedAt: NULLABLE_STRING,
    postsChangedBy: NULLABLE_STRING,
  },
};

/** The schemas of the account management and post assignment routes (accounts/posts-routes.ts); a body's fields are checked against schemas/account/managed-account.schema.json by the handler, with field messages. */
export const POST_SCHEMAS = {
  list: {
    tags: TAGS,
    querystring: queryStrings('companyId', 'q', 'page', 'pageSize'),
    response: answers({
      type: 'object',
      required: ['roles', 'posts', 'companies', 'accounts', 'total', 'allCompanies'],
      properties: {
        roles: NAMED_LIST,
        posts: NAMED_LIST,
        companies: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } },
        accounts: { type: 'array', items: ACCOUNT },
        total: { type: 'integer' },
        allCompanies: { type: 'boolean' },
      },
    }),
  },
  create: { tags: TAGS, body: OBJECT_BODY, response: answers(ACCOUNT, 201) },
  edit: { tags: TAGS, params: pathParams('id'), body: OBJECT_BODY, response: answers(ACCOUNT) },
  switch: { tags: TAGS, params: pathParams('id'), response: answers(ACCOUNT) },
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
        properties: {
          at: { type: 'string' },
          actorName: NULLABLE_STRING,
          from: { type: 'array', items: { type: 'string' } },
          to: { type: 'array', items: { type: 'string' } },
          state: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string' }, to: { type: 'string' } } },
        },
      },
    }),
  },
};
