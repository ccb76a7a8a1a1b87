import type { Language } from '../declaration/types.ts';

/**
 * Messages the engine and the server return to users, in both languages. `{name}` placeholders
 * are filled by `message()`. Keys are the error codes clients see.
 */
export const MESSAGES = {
  VALIDATION_FAILED: { 'zh-CN': '提交的数据有误，请检查后重试', 'en-US': 'Some fields are invalid; please check and try again' },
  MALFORMED_JSON: { 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  BAD_REQUEST: { 'zh-CN': '请求无效：{detail}', 'en-US': 'Invalid request: {detail}' },
  UNKNOWN_ENTITY: { 'zh-CN': '不存在的业务对象：{entity}', 'en-US': 'There is no entity called {entity}' },
  NOT_FOUND: { 'zh-CN': '记录不存在或无权查看', 'en-US': 'The record does not exist or you may not see it' },
  ROUTE_NOT_FOUND: { 'zh-CN': '接口不存在', 'en-US': 'No such endpoint' },
  VERSION_CONFLICT: {
    'zh-CN': '该记录已被他人修改（当前版本 {version}），请刷新后再改',
    'en-US': 'Someone else changed this record (now version {version}); reload it and edit again',
  },
  FORBIDDEN: { 'zh-CN': '您没有执行此操作的权限（{permission}）', 'en-US': 'You do not have permission for this ({permission})' },
  EVENT_NOT_ALLOWED: {
    'zh-CN': '当前状态“{state}”下不能执行“{action}”',
    'en-US': '"{action}" is not possible while the record is "{state}"',
  },
  UNKNOWN_EVENT: { 'zh-CN': '不存在的操作：{event}', 'en-US': 'There is no action called {event}' },
  FIELD_NOT_EDITABLE: {
    'zh-CN': '当前状态“{state}”下不能修改：{fields}',
    'en-US': 'These fields cannot be changed while the record is "{state}": {fields}',
  },
  NOT_DELETABLE: { 'zh-CN': '当前状态“{state}”下不能删除', 'en-US': 'The record cannot be deleted while it is "{state}"' },
  UNAUTHORIZED: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your session has ended; please log in again' },
  LOGIN_FAILED: { 'zh-CN': '账号或密码错误', 'en-US': 'Wrong account or password' },
  PASSWORD_TOO_SHORT: { 'zh-CN': '密码至少 6 个字符', 'en-US': 'The password has at least 6 characters' },
  PASSWORD_NOT_DECRYPTABLE: { 'zh-CN': '密码加密有误，请刷新页面后重试', 'en-US': 'The password was not encrypted correctly; reload the page and try again' },
  UNKNOWN_FILTER: { 'zh-CN': '不支持的筛选条件：{field}', 'en-US': 'Unsupported filter: {field}' },
  BAD_FILTER_VALUE: { 'zh-CN': '筛选条件“{field}”的值无效：{value}', 'en-US': 'Invalid value for filter "{field}": {value}' },
  BAD_SORT: { 'zh-CN': '不支持按“{field}”排序', 'en-US': 'Cannot sort by "{field}"' },
  BAD_PAGE: { 'zh-CN': '分页参数无效', 'en-US': 'Invalid paging parameters' },
  FILE_TOO_LARGE: { 'zh-CN': '文件过大（最大 {max}）', 'en-US': 'The file is too large (at most {max})' },
  FILE_TYPE: { 'zh-CN': '不支持的文件类型（仅限 {types}）', 'en-US': 'Unsupported file type (only {types})' },
  INTERNAL: {
    'zh-CN': '系统错误，请稍后重试或联系 SGS 管理员。',
    'en-US': 'System error. Please try again later or contact SGS administrator.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function message(code: MessageCode, lang: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[code][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
