import type { EntitySchema } from '../../engine/index.ts';
import { ANY, answers, pathParams } from '../http/route-schemas.ts';

/** The notice form as internal staff fill it (dates ISO 8601; remark in both languages). */
export const NOTICE_SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/schemas/notice.json',
  type: 'object',
  required: ['startDateTime', 'finishDateTime', 'publishRemark'],
  additionalProperties: false,
  properties: {
    startDateTime: { type: 'string', format: 'date-time', 'x-label': { 'zh-CN': '开始时间', 'en-US': 'Start time' } },
    finishDateTime: {
      type: 'string',
      format: 'date-time',
      formatMinimum: { $data: '1/startDateTime' },
      'x-label': { 'zh-CN': '预计结束时间', 'en-US': 'Expected finish' },
      'x-messages': { formatMinimum: { 'zh-CN': '结束时间不能早于开始时间', 'en-US': 'The finish must not be before the start' } },
    },
    publishRemark: {
      type: 'object',
      required: ['cn', 'en'],
      additionalProperties: false,
      'x-label': { 'zh-CN': '说明', 'en-US': 'Remark' },
      properties: {
        cn: { type: 'string', minLength: 1, maxLength: 500, 'x-label': { 'zh-CN': '中文说明', 'en-US': 'Remark (Chinese)' } },
        en: { type: 'string', minLength: 1, maxLength: 500, 'x-label': { 'zh-CN': '英文说明', 'en-US': 'Remark (English)' } },
      },
    },
    whiteList: { type: 'string', maxLength: 2000, 'x-label': { 'zh-CN': '白名单账号（逗号分隔）', 'en-US': 'Whitelisted accounts (comma-separated)' } },
  },
};

const TAGS = ['notices'];

/** The schemas of the notice routes (notices/routes.ts). */
export const NOTICE_SCHEMAS = {
  current: { tags: TAGS, response: answers(ANY) },
  list: { tags: TAGS, response: answers({ type: 'array' }) },
  publish: { tags: TAGS, body: NOTICE_SCHEMA, response: answers(ANY, 201) },
  change: { tags: TAGS, params: pathParams('id', 'action'), response: answers(ANY) },
};
