import { ANY, OBJECT_BODY, answers, pathParams, queryStrings } from '../http/route-schemas.ts';

const TEMPLATES = ['templates'];
const SETTINGS = ['template-settings'];
const code = pathParams('code');
const codeVersion = pathParams('code', 'version');

/**
 * The schemas of the template routes (templates/routes.ts). Bodies are JSON objects; the services
 * check their fields against the template meta-schema with field-level messages.
 */
export const TEMPLATE_SCHEMAS = {
  list: { tags: TEMPLATES, querystring: queryStrings('kind', 'q', 'page', 'pageSize'), response: answers(ANY) },
  bundles: { tags: TEMPLATES, response: answers({ type: 'array' }) },
  bundle: { tags: TEMPLATES, params: codeVersion, response: answers(ANY) },
  create: { tags: TEMPLATES, body: OBJECT_BODY, response: answers(ANY, 201) },
  template: { tags: TEMPLATES, params: code, response: answers(ANY) },
  newVersion: { tags: TEMPLATES, params: code, response: answers(ANY, 201) },
  version: { tags: TEMPLATES, params: codeVersion, response: answers(ANY) },
  /** The body is optional: `{ placement: { group, roles } }` (menu-placement.ts checks it with field messages). */
  publish: {
    tags: TEMPLATES,
    params: codeVersion,
    body: {
      type: 'object',
      properties: { placement: { type: 'object', properties: { group: { type: ['string', 'null'], maxLength: 60 }, roles: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 60 } } } } },
    },
    response: answers(ANY),
  },
  placements: { tags: TEMPLATES, response: answers(ANY) },
  saveDraft: { tags: TEMPLATES, params: codeVersion, body: OBJECT_BODY, response: answers(ANY) },
  migrate: { tags: TEMPLATES, params: code, body: OBJECT_BODY, response: answers(ANY) },
  history: { tags: TEMPLATES, params: code, response: answers(ANY) },
  archive: { tags: TEMPLATES, params: code, querystring: queryStrings('record'), response: answers(ANY) },
  groups: { tags: SETTINGS, response: answers({ type: 'array' }) },
  createGroup: { tags: SETTINGS, body: OBJECT_BODY, response: answers(ANY, 201) },
  members: { tags: SETTINGS, params: code, response: answers({ type: 'array' }) },
  member: { tags: SETTINGS, params: pathParams('code', 'companyId'), response: answers(ANY) },
  settings: { tags: SETTINGS, querystring: { type: 'object' }, response: answers(ANY) },
  createSetting: { tags: SETTINGS, body: OBJECT_BODY, response: answers(ANY, 201) },
  setting: { tags: SETTINGS, params: pathParams('id'), response: answers(ANY) },
  saveSetting: { tags: SETTINGS, params: pathParams('id'), body: OBJECT_BODY, response: answers(ANY) },
};
