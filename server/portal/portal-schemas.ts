import { checkedSchema, type EntitySchema } from '../../engine/index.ts';
import registration from '../../schemas/account/registration.schema.json' with { type: 'json' };
import { ANY, answers } from '../http/route-schemas.ts';

const L = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const reg = checkedSchema(registration, 'schemas/account/registration.schema.json').properties;

/** What a user may change of their own information (/info/index). */
export const PROFILE_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/account/profile.json',
  type: 'object',
  additionalProperties: false,
  required: ['userName'],
  properties: { userName: reg.userName!, mobile: reg.mobile!, contactNumber: reg.contactNumber! },
};

/** Account settings (/personality/settings): the settings page list holds client_home_page. */
export const SETTINGS_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/account/settings.json',
  type: 'object',
  additionalProperties: false,
  properties: {
    client_home_page: { type: 'string', pattern: '^/[A-Za-z0-9/_-]*$', maxLength: 200, 'x-label': L('登录后首页', 'Home page after login') },
    language: { type: 'string', enum: ['zh-CN', 'en-US'], 'x-label': L('界面语言', 'Interface language') },
  },
};

/** The guide: up to 7 steps and 4 onboarding tasks (SPEC §9). */
export const GUIDE_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/account/guide.json',
  type: 'object',
  additionalProperties: false,
  properties: {
    step: { type: 'integer', minimum: 0, maximum: 7 },
    dismissed: { type: 'boolean' },
    tasks: {
      type: 'object',
      additionalProperties: false,
      properties: { buyer: { type: 'boolean' }, contact: { type: 'boolean' }, address: { type: 'boolean' }, notifications: { type: 'boolean' } },
    },
  },
};

/** The largest error-log batch taken (bytes): no more than a client's budget of a minute (error-log-repo.ts). */
export const ERROR_LOG_BODY_LIMIT = 64 * 1024;

/** One client error (SPEC §3 error log entry). */
export const ERROR_LOG_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/error-log.json',
  type: 'object',
  properties: {
    entries: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          url: { type: 'string', maxLength: 2000 },
          time: { type: 'string', maxLength: 50 },
          type: { type: 'string', maxLength: 50 },
          message: { type: 'string', maxLength: 5000 },
          stack: { type: 'string', maxLength: 20000 },
          info: {},
          /** The client's repeats of this entry, counted together (src/errors/error-reporter.ts); 1 unless given. */
          count: { type: 'integer', minimum: 1, maximum: 10000 },
        },
      },
    },
  },
  required: ['entries'],
};

const TAGS = ['portal'];

/** The schemas of the portal routes (portal/routes.ts): the form schemas are the bodies' schemas. */
export const PORTAL_SCHEMAS = {
  menu: { tags: TAGS, response: answers({ type: 'array' }) },
  account: { tags: TAGS, response: answers(ANY) },
  profile: { tags: TAGS, body: PROFILE_SCHEMA, response: answers(ANY) },
  settings: { tags: TAGS, body: SETTINGS_SCHEMA, response: answers(ANY) },
  guide: { tags: TAGS, body: GUIDE_SCHEMA, response: answers(ANY) },
  personalData: {
    tags: TAGS,
    response: { 200: { description: "the signed-in user's personal data as a JSON file (docs/operations.md, Personal data): account, posts, audit of their own actions, sessions, records created, messages, notifications; each list bounded", type: 'object' } },
  },
  errorLogs: { tags: TAGS, body: ERROR_LOG_SCHEMA, response: answers({ type: 'object', required: ['received'], properties: { received: { type: 'integer' } } }) },
};
