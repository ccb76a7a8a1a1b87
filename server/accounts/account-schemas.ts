import { ANY, answers, pathParams, queryStrings, type JsonSchema } from '../http/route-schemas.ts';

const TAGS = ['accounts'];

/** A registration or reset: both passwords RSA-OAEP encrypted; the other fields are checked by the registration schema. */
const PASSWORD_BODY: JsonSchema = {
  type: 'object',
  properties: { password: { type: 'string', maxLength: 4096 }, passwordRepeat: { type: 'string', maxLength: 4096 } },
};

/** The schemas of the account routes (accounts/routes.ts). */
export const ACCOUNT_SCHEMAS = {
  codes: { tags: TAGS, body: { type: 'object', properties: { email: { type: 'string' }, purpose: { type: 'string' } } }, response: answers(ANY) },
  register: { tags: TAGS, body: PASSWORD_BODY, response: answers(ANY, 201) },
  passwordReset: { tags: TAGS, body: PASSWORD_BODY, response: answers(ANY) },
  reviews: { tags: TAGS, response: answers({ type: 'array' }) },
  decide: { tags: TAGS, params: pathParams('id'), response: answers(ANY) },
  reject: { tags: TAGS, params: pathParams('id'), body: { type: 'object', properties: { reason: { type: 'string', maxLength: 2000 } } }, response: answers(ANY) },
  outbox: { tags: ['mail'], querystring: queryStrings('to'), response: answers({ type: 'array' }) },
};
