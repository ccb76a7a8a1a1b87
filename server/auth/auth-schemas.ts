import { ANY, answers, optionalStrings, queryStrings, type JsonSchema } from '../http/route-schemas.ts';

const TAGS = ['auth'];

/** The login request (SPEC §3): the password RSA-OAEP encrypted with the public key. */
const TOKEN_BODY: JsonSchema = {
  type: 'object',
  required: ['account', 'password'],
  properties: {
    account: { type: 'string', maxLength: 200 },
    password: { type: 'string', maxLength: 4096 },
    type: { type: 'string' },
    tenantId: { type: 'string' },
    receiveMarketingCommunication: { type: 'boolean' },
    termsAccepted: { type: 'boolean' },
    ...optionalStrings('captchaKey', 'captchaCode'),
  },
};

/** The schemas of the session routes (auth/routes.ts, auth/sso.ts). */
export const AUTH_SCHEMAS = {
  publicKey: {
    tags: TAGS,
    response: answers({ type: 'object', required: ['spki', 'algorithm'], properties: { spki: { type: 'string' }, algorithm: { type: 'string' } } }),
  },
  token: { tags: TAGS, body: TOKEN_BODY, response: answers(ANY) },
  captcha: { tags: TAGS, response: answers(ANY) },
  buttons: { tags: TAGS, response: answers({ type: 'array', items: { type: 'string' } }) },
  me: { tags: TAGS, response: answers(ANY) },
  logout: { tags: TAGS, response: answers(ANY) },
  ssoTokens: {
    tags: TAGS,
    response: answers({ type: 'object', required: ['ssoToken', 'expiresInSeconds'], properties: { ssoToken: { type: 'string' }, expiresInSeconds: { type: 'integer' } } }),
  },
  ssoValidate: { tags: TAGS, querystring: queryStrings('token'), response: answers({ type: 'object', required: ['valid'], properties: { valid: { type: 'boolean' } } }) },
  ssoLogin: { tags: TAGS, body: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } }, response: answers(ANY) },
};
