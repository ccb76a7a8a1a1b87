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
  CODE_TIMED_OUT: { 'zh-CN': '验证码已过期，请重新获取', 'en-US': 'The verification code has timed out. Please get it again' },
  CODE_INVALID: { 'zh-CN': '验证码无效，请重新获取', 'en-US': 'The verification code is invalid, please get it again' },
  CODE_WRONG: { 'zh-CN': '验证码错误，请重新输入', 'en-US': 'Verification code error, please re-enter' },
  CODE_SENT: {
    'zh-CN': '验证码已发送至 {email}，可能需要最多 5 分钟送达',
    'en-US': 'The code has been sent to {email}; it may take up to 5 minutes to arrive',
  },
  EMAIL_REGISTERED: { 'zh-CN': '该邮箱已注册，请直接登录！', 'en-US': 'Email has been registered, please login directly!' },
  MOBILE_REGISTERED: { 'zh-CN': '该手机号已注册，请直接登录！', 'en-US': 'Mobile number registered, please login directly!' },
  ACCOUNT_REGISTERED: { 'zh-CN': '该账号已被注册，请更换其他账号！', 'en-US': 'This account has been registered, please change another account!' },
  PASSWORD_MISMATCH: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords do not match' },
  USER_LOCKED: { 'zh-CN': '用户已被锁定，请联系管理员！', 'en-US': 'User locked please contact administrator!' },
  TERMS_NOT_ACCEPTED: { 'zh-CN': '请先阅读并同意使用条款', 'en-US': 'Please accept the terms of use' },
  CAPTCHA_REQUIRED: { 'zh-CN': '请输入图片验证码', 'en-US': 'Please enter the picture code' },
  CAPTCHA_TIMED_OUT: { 'zh-CN': '图片验证码已过期，请刷新', 'en-US': 'The picture code has timed out; please refresh it' },
  CAPTCHA_INVALID: { 'zh-CN': '图片验证码无效，请刷新', 'en-US': 'The picture code is invalid; please refresh it' },
  CAPTCHA_WRONG: { 'zh-CN': '图片验证码错误，请重新输入', 'en-US': 'The picture code is wrong; please enter it again' },
  ACCOUNT_PENDING: {
    'zh-CN': '账号尚未审核通过（{status}），审核需要 3–5 个工作日',
    'en-US': 'The account is not approved yet ({status}); the review takes 3 to 5 working days',
  },
  ACCOUNT_REJECTED: { 'zh-CN': '账号注册申请未通过：{reason}', 'en-US': 'The registration was refused: {reason}' },
  SSO_TOKEN_INVALID: { 'zh-CN': '登录凭证无效或已过期', 'en-US': 'The sign-in token is invalid or has expired' },
  NOTICE_STATE: { 'zh-CN': '该公告当前状态下不能执行此操作（{action}）', 'en-US': 'The notice cannot {action} in its current state' },
  INTERNAL: {
    'zh-CN': '系统错误，请稍后重试或联系 SGS 管理员。',
    'en-US': 'System error. Please try again later or contact SGS administrator.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function message(code: MessageCode, lang: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[code][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
