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
  OWNER_ONLY: { 'zh-CN': '只有记录所属公司可以执行“{action}”', 'en-US': 'Only the company the record belongs to may "{action}"' },
  OWNER_ONLY_EDIT: { 'zh-CN': '只有记录所属公司可以修改此{entity}', 'en-US': 'Only the company the record belongs to may edit this {entity}' },
  SHARED_PARTY_ONLY: { 'zh-CN': '只有记录中指定的对方公司可以执行“{action}”', 'en-US': 'Only the other company named in the record may "{action}"' },
  DUPLICATE_VALUE: { 'zh-CN': '{fields}已存在，不能重复', 'en-US': '{fields} already exists; it must be unique' },
  FORBIDDEN: { 'zh-CN': '您没有执行此操作的权限（{permission}）', 'en-US': 'You do not have permission for this ({permission})' },
  EVENT_NOT_ALLOWED: {
    'zh-CN': '当前状态“{state}”下不能执行“{action}”',
    'en-US': '"{action}" is not possible while the record is "{state}"',
  },
  GUARD_FAILED: { 'zh-CN': '只有在{guard}时才能执行“{action}”', 'en-US': '"{action}" is possible only when {guard}' },
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
  // SPEC §8/§9 export limits, worded like the upload limit ('You can only upload maximum 500 rows in one time.').
  EXPORT_LIMIT: { 'zh-CN': '一次最多只能导出 {max} 条数据，当前 {count} 条，请缩小查询范围', 'en-US': 'You can only export maximum {max} rows in one time ({count} found). Please narrow the search.' },
  EXPORT_FILES_LIMIT: { 'zh-CN': '一次最多只能导出 {max} 个文件，当前 {count} 个，请减少选择', 'en-US': 'You can only export maximum {max} files in one time ({count} selected). Please select fewer.' },
  NOTHING_SELECTED: { 'zh-CN': '请至少选择一条数据', 'en-US': 'Please select at least one piece of data' },
  EXPORT_NOT_DECLARED: { 'zh-CN': '{entity}没有可用的导出', 'en-US': '{entity} has no export' },
  NO_FILES_TO_EXPORT: { 'zh-CN': '所选数据没有可导出的文件', 'en-US': 'The selected data has no files to export' },
  // The search rules of a list (SPEC §5 dates; views.list.search.rules, engine/query/search-rules.ts).
  SEARCH_RANGE_INCOMPLETE: { 'zh-CN': '请同时填写“{field}”的开始日期和结束日期', 'en-US': 'Enter both the start and the end date of "{field}"' },
  SEARCH_RANGE_ORDER: { 'zh-CN': '“{field}”的结束日期不能早于开始日期', 'en-US': 'The end date of "{field}" cannot be earlier than its start date' },
  SEARCH_RANGE_EARLIEST: { 'zh-CN': '仅可查询 {earliest} 及之后的数据', 'en-US': 'Data is available from {earliest} only' },
  SEARCH_RANGE_TOO_LONG: { 'zh-CN': '“{field}”的日期范围不能超过{months}个月', 'en-US': 'The date range of "{field}" can be at most {months} months' },
  SEARCH_REQUIRED_ALONE: { 'zh-CN': '未填写其他查询条件时，“{field}”为必填项', 'en-US': '"{field}" is required when no other search criterion is given' },
  // A lookup's copied data older than the record it came from (x-lookupVersion), and trees (entity `tree`).
  LOOKUP_STALE: { 'zh-CN': '{message}', 'en-US': '{message}' },
  LOOKUP_STALE_DEFAULT: { 'zh-CN': '“{field}”的信息已更新，请重新填写', 'en-US': 'The {field} information was updated, please input again' },
  TREE_PARENT_MISSING: { 'zh-CN': '上级“{field}”不存在', 'en-US': 'The parent "{field}" does not exist' },
  TREE_CYCLE: { 'zh-CN': '不能将记录本身或其下级设为上级', 'en-US': 'A record cannot have itself or one of its descendants as its parent' },
  TREE_HAS_CHILDREN: { 'zh-CN': '该记录还有下级，请先删除或移走其下级', 'en-US': 'This record has children: delete or move them first' },
  BAD_SORT: { 'zh-CN': '不支持按“{field}”排序', 'en-US': 'Cannot sort by "{field}"' },
  BAD_PARTY: { 'zh-CN': '列表范围“{value}”无效（owner 或 shared）', 'en-US': 'Invalid list side "{value}" (owner or shared)' },
  NO_SELECTION: { 'zh-CN': '请至少选择一条数据', 'en-US': 'Please select at least one piece of data' },
  BATCH_TOO_LARGE: { 'zh-CN': '一次最多处理 {max} 条数据', 'en-US': 'At most {max} records can be handled at once' },
  BAD_LIST: { 'zh-CN': '列表“{value}”不存在', 'en-US': 'There is no list "{value}"' },
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
  USER_LOCKED: {
    'zh-CN': '用户已被锁定，请联系管理员！也可在 {minutes} 分钟后重试，或通过“忘记密码”重置密码',
    'en-US': 'User locked please contact administrator! Or try again in {minutes} minutes, or reset the password',
  },
  TERMS_NOT_ACCEPTED: { 'zh-CN': '请先阅读并同意使用条款', 'en-US': 'Please accept the terms of use' },
  CAPTCHA_REQUIRED: { 'zh-CN': '请输入图片验证码', 'en-US': 'Please enter the picture code' },
  CAPTCHA_TIMED_OUT: { 'zh-CN': '图片验证码已过期，请刷新', 'en-US': 'The picture code has timed out; please refresh it' },
  CAPTCHA_INVALID: { 'zh-CN': '图片验证码无效，请刷新', 'en-US': 'The picture code is invalid; please refresh it' },
  CAPTCHA_WRONG: { 'zh-CN': '图片验证码错误，请重新输入', 'en-US': 'The picture code is wrong; please enter it again' },
  CROSS_ORIGIN: { 'zh-CN': '请求来自其他网站，已拒绝', 'en-US': 'The request came from another site and was refused' },
  RATE_LIMITED: { 'zh-CN': '操作过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many requests; please try again in {seconds} seconds' },
  BAD_TEXT: {
    'zh-CN': '“{field}”包含无法保存的字符（空字符或不成对的代理字符）',
    'en-US': '"{field}" holds characters that cannot be stored (a NUL character or an unpaired surrogate)',
  },
  TOO_DEEP: { 'zh-CN': '请求内容嵌套过深（最多 {max} 层）', 'en-US': 'The request is nested too deeply (at most {max} levels)' },
  TOO_LARGE_DOC: { 'zh-CN': '请求内容过大（最多 {max} 个值）', 'en-US': 'The request holds too many values (at most {max})' },
  BAD_NUMBER: { 'zh-CN': '“{field}”的数值超出范围', 'en-US': '"{field}" is out of range' },
  FILE_NOT_READABLE: {
    'zh-CN': '引用的文件不存在或无权使用：{fileId}',
    'en-US': 'The file referenced does not exist or you may not use it: {fileId}',
  },
  FILE_CONTENT: { 'zh-CN': '文件内容与类型不符（仅限 {types}）', 'en-US': 'The file content does not match its type (only {types})' },
  COMPANY_UNKNOWN: { 'zh-CN': '公司不存在：{field}', 'en-US': 'No such company: {field}' },
  ACCOUNT_NOT_OF_COMPANY: {
    'zh-CN': '账号“{account}”不是所选公司的登录账号',
    'en-US': 'The account "{account}" is not a login account of the chosen company',
  },
  OWNER_NOT_APPROVED: {
    'zh-CN': '贵公司尚未通过审核，只能填写不指定“{field}”的申请',
    'en-US': 'Your company is not approved yet: requests naming a "{field}" are not possible',
  },
  RECORD_GONE: { 'zh-CN': '{message}', 'en-US': '{message}' },
  CHILD_REQUIRED: { 'zh-CN': '{message}', 'en-US': '{message}' },
  PARENT_NOT_FOUND: { 'zh-CN': '“{field}”指向的记录不存在或不可见', 'en-US': 'The record "{field}" names does not exist or is not visible to you' },
  UPLOAD_FILE_TYPE: { 'zh-CN': '“{field}”只接受 {types} 文件', 'en-US': '"{field}" accepts {types} files only' },
  UPLOAD_FILE_SIZE: { 'zh-CN': '“{field}”的文件过大（最大 {max}）', 'en-US': 'A file of "{field}" is too large (at most {max})' },
  OWNER_NOT_OF_COMPANY: { 'zh-CN': '只能转交给本公司的其他已审核账号（“{account}”不是）', 'en-US': 'The record can only be handed to another approved account of its own company ("{account}" is not one)' },
  PARENT_CLOSED: { 'zh-CN': '{message}', 'en-US': '{message}' },
  BELONGS_TO_NOT_FOUND: { 'zh-CN': '所属的{entity}不存在或无权操作', 'en-US': 'The {entity} it belongs to does not exist or you may not act on it' },
  PARTY_NOT_CHANGEABLE: {
    'zh-CN': '只有记录所属公司可以修改“{field}”',
    'en-US': 'Only the company that owns the record may change "{field}"',
  },
  BLANK: { 'zh-CN': '“{field}”不能只有空格', 'en-US': '"{field}" cannot be blank' },
  ACCOUNT_PENDING: {
    'zh-CN': '账号尚未审核通过（{status}），审核需要 3–5 个工作日',
    'en-US': 'The account is not approved yet ({status}); the review takes 3 to 5 working days',
  },
  ACCOUNT_RECLAIMED: {
    'zh-CN': '该账号超过 24 个月未使用，已被回收；如需继续使用，请重新注册或联系我们',
    'en-US': 'This account was not used for 24 months and has been reclaimed; register again or contact us to use Portico again',
  },
  ACCOUNT_TAKEN: { 'zh-CN': '该登录账号已被使用', 'en-US': 'Another account already uses this login account' },
  EMAIL_TAKEN: { 'zh-CN': '该邮箱已被其他账号使用', 'en-US': 'Another account already uses this email' },
  MOBILE_TAKEN: { 'zh-CN': '该手机号已被其他账号使用', 'en-US': 'Another account already uses this mobile number' },
  ACCOUNT_DISABLED: { 'zh-CN': '该账号已被停用，请联系贵公司管理员', 'en-US': 'This account is disabled; contact your company admin' },
  CANNOT_DISABLE_SELF: { 'zh-CN': '不能停用自己的账号', 'en-US': 'You cannot disable your own account' },
  LAST_ENABLED_ADMIN: {
    'zh-CN': '“{account}”是公司最后一个启用的管理员，不能停用',
    'en-US': '"{account}" is the last enabled admin of its company and cannot be disabled',
  },
  ACCOUNT_NOT_APPROVED: { 'zh-CN': '账号尚未审核通过，不能启用或停用', 'en-US': 'The account is not approved yet, so it cannot be enabled or disabled' },
  COMPANY_REQUIRED: { 'zh-CN': '请选择账号所属公司', 'en-US': 'Choose the account\'s company' },
  ACCOUNT_REJECTED: { 'zh-CN': '账号注册申请未通过：{reason}', 'en-US': 'The registration was refused: {reason}' },
  SSO_TOKEN_INVALID: { 'zh-CN': '登录凭证无效或已过期', 'en-US': 'The sign-in token is invalid or has expired' },
  INTERNAL: {
    'zh-CN': '系统错误，请稍后重试或联系 SGS 管理员。',
    'en-US': 'System error. Please try again later or contact SGS administrator.',
  },
  // Templates (issue 4): checks that stop publishing, rename maps, versions, migrations, template setting.
  TEMPLATE_INVALID: {
    'zh-CN': '模板有 {count} 处问题，不能发布',
    'en-US': 'The template cannot be published: {count} problem(s) to fix',
  },
  TEMPLATE_SHAPE: { 'zh-CN': '模板结构有误（{path}）：{detail}', 'en-US': 'The template is malformed at {path}: {detail}' },
  TEMPLATE_SCHEMA_INVALID: { 'zh-CN': 'JSON Schema 无效（{path}）：{detail}', 'en-US': 'The JSON Schema is invalid at {path}: {detail}' },
  TEMPLATE_FIELD_KEY: {
    'zh-CN': '字段键“{field}”无效：须以字母开头，只含字母、数字和下划线',
    'en-US': 'The field key "{field}" is invalid: it starts with a letter and holds only letters, digits and _',
  },
  TEMPLATE_FIELD_KEY_DUPLICATE: {
    'zh-CN': '字段键“{field}”与“{other}”重复（不区分大小写）',
    'en-US': 'The field key "{field}" duplicates "{other}" (ignoring case)',
  },
  TEMPLATE_FIELD_LABEL: { 'zh-CN': '字段“{field}”缺少 {lang} 标签', 'en-US': 'The field "{field}" has no {lang} label' },
  TEMPLATE_ENUM_LABEL: { 'zh-CN': '字段“{field}”的选项“{value}”缺少 {lang} 标签', 'en-US': 'Option "{value}" of "{field}" has no {lang} label' },
  TEMPLATE_REQUIRED_UNKNOWN: { 'zh-CN': '必填字段“{field}”未声明', 'en-US': 'The required field "{field}" is not declared' },
  TEMPLATE_TABLE_ROWS: {
    'zh-CN': '表格字段“{field}”须为对象数组，并声明最多 {max} 行（maxItems）',
    'en-US': 'The table "{field}" must be an array of objects declaring at most {max} rows (maxItems)',
  },
  TEMPLATE_SUM_FIELD: {
    'zh-CN': '成分字段“{field}”须为对象数组，且每行的“{sumField}”为必填数字',
    'en-US': 'The composition "{field}" must be an array of objects whose "{sumField}" is a required number',
  },
  TEMPLATE_UPLOAD: {
    'zh-CN': '上传字段“{field}”须为数组，x-upload 声明文件类型（{types}）、不超过类型上限的大小和文件数（等于 maxItems）',
    'en-US': 'The upload "{field}" must be an array whose x-upload declares types ({types}), a size within the type\'s limit and a file count equal to maxItems',
  },
  TEMPLATE_KEYWORD_TYPE: { 'zh-CN': '字段“{field}”的 {keyword} 只能用于 {type} 类型', 'en-US': '{keyword} on "{field}" applies to {type} fields only' },
  TEMPLATE_DATE_RANGE: {
    'zh-CN': '日期范围字段“{field}”须为两个日期组成的数组（minItems 与 maxItems 均为 2）',
    'en-US': 'The date range "{field}" must be an array of two dates (minItems and maxItems 2)',
  },
  TEMPLATE_VIEW_FIELD: { 'zh-CN': '视图 {place} 引用了不存在的字段“{field}”', 'en-US': 'The view {place} names "{field}", which is not a field' },
  TEMPLATE_FILTER_OP: { 'zh-CN': '筛选条件“{field}”不能使用运算符 {op}', 'en-US': 'The filter on "{field}" cannot use the operator {op}' },
  TEMPLATE_FORM_FIELD: {
    'zh-CN': '表单分组“{section}”中的“{field}”不是顶层字段',
    'en-US': 'The form section "{section}" names "{field}", which is not a top-level field',
  },
  TEMPLATE_SECTION_LABEL: { 'zh-CN': '分组“{section}”须有中英文标题', 'en-US': 'The section "{section}" needs a title in zh-CN and en-US' },
  TEMPLATE_ENTITY_LABEL: { 'zh-CN': '模板名称缺少 {lang} 文本', 'en-US': 'The template name has no {lang} text' },
  TEMPLATE_LIFECYCLE: { 'zh-CN': '模板不能声明生命周期或操作', 'en-US': 'A template cannot declare a lifecycle or actions' },
  TEMPLATE_DECLARATION_INVALID: { 'zh-CN': '模板声明不一致：{detail}', 'en-US': 'The template declarations disagree: {detail}' },
  TEMPLATE_RENAME_FROM_UNKNOWN: { 'zh-CN': '重命名的原字段“{from}”不在上一版本中', 'en-US': 'The renamed field "{from}" is not in the previous version' },
  TEMPLATE_RENAME_TO_UNKNOWN: { 'zh-CN': '重命名的新字段“{to}”不在此版本中', 'en-US': 'The new name "{to}" is not a field of this version' },
  TEMPLATE_RENAME_TARGET_TWICE: { 'zh-CN': '多个字段被重命名为“{to}”', 'en-US': 'Several fields are renamed to "{to}"' },
  TEMPLATE_RENAME_ACROSS_LIST: {
    'zh-CN': '“{from}”不能重命名为“{to}”：字段不能移入或移出列表',
    'en-US': '"{from}" cannot become "{to}": a rename may not move a field into or out of a list',
  },
  TEMPLATE_RENAME_COLLIDES: {
    'zh-CN': '“{a}”和“{b}”都会变成“{to}”，数据会互相覆盖',
    'en-US': '"{a}" and "{b}" would both become "{to}" and overwrite each other',
  },
  TEMPLATE_NOT_FOUND: { 'zh-CN': '模板“{code}”不存在', 'en-US': 'There is no template "{code}"' },
  TEMPLATE_VERSION_NOT_FOUND: { 'zh-CN': '模板“{code}”没有版本 {version}', 'en-US': 'The template "{code}" has no version {version}' },
  TEMPLATE_CODE_INVALID: {
    'zh-CN': '模板编码“{code}”无效：须以小写字母开头，只含字母和数字，且不能与内置业务对象重名',
    'en-US': 'The template code "{code}" is invalid: it starts with a lowercase letter, holds letters and digits only, and is not a built-in entity',
  },
  TEMPLATE_CODE_TAKEN: { 'zh-CN': '模板编码“{code}”已被使用', 'en-US': 'The template code "{code}" is taken' },
  TEMPLATE_PUBLISHED: {
    'zh-CN': '版本 {version} 已发布，不能再修改；请创建新版本',
    'en-US': 'Version {version} is published and cannot change; create a new version',
  },
  TEMPLATE_DRAFT_EXISTS: { 'zh-CN': '已有草稿版本 {version}，请先编辑或发布它', 'en-US': 'Draft version {version} exists; edit or publish it first' },
  MIGRATION_VERSIONS: {
    'zh-CN': '只能从较早的已发布版本迁移到较新的已发布版本（{from} → {to}）',
    'en-US': 'Records migrate from an older published version to a newer published one ({from} → {to})',
  },
  MIGRATION_BLOCKED: {
    'zh-CN': '{count} 条记录无法无损迁移，已全部保持不变；请先修正，或选择让它们保留旧版本',
    'en-US': '{count} record(s) cannot migrate without losing data; nothing was changed. Fix them, or choose to keep them on their version',
  },
  MIGRATION_NOT_CONVERTIBLE: {
    'zh-CN': '“{path}”的值 {value} 无法从 {from} 转换为 {to}',
    'en-US': 'The value {value} of "{path}" cannot be converted from {from} to {to}',
  },
  TEMPLATE_REPLACED_BY_BUYER: {
    'zh-CN': '模板已替换为买家“{buyer}”所配置的模板“{template}”',
    'en-US': 'The template was replaced by the one set for the buyer "{buyer}": "{template}"',
  },
  TEMPLATE_MISSING_BUYER: { 'zh-CN': '请先选择买家，再选择模板', 'en-US': 'Choose the buyer before the template' },
  BUYER_NO_CUSTOMER_GROUP: { 'zh-CN': '买家“{buyer}”未归属任何客户组', 'en-US': 'The buyer "{buyer}" belongs to no customer group' },
  TEMPLATE_NOT_CONFIGURED: { 'zh-CN': '客户组“{group}”未配置 DFF 模板', 'en-US': 'No DFF template is set for the customer group "{group}"' },
  CUSTOMER_GROUP_TAKEN: { 'zh-CN': '客户组编码“{group}”已存在', 'en-US': 'The customer group code "{group}" exists already' },
  CUSTOMER_GROUP_UNKNOWN: { 'zh-CN': '客户组“{group}”不存在', 'en-US': 'There is no customer group "{group}"' },
  TEMPLATE_SETTING_NOT_FOUND: { 'zh-CN': '模板设置不存在', 'en-US': 'The template setting does not exist' },
  DFF_TEMPLATE_CHANGED: {
    'zh-CN': '买家的 DFF 模板现为“{template}”，请重新加载表单后再保存',
    'en-US': 'The buyer\'s DFF template is now "{template}": reload the form and save again',
  },
  UNKNOWN_POST: { 'zh-CN': '岗位“{post}”不存在（可选：{posts}）', 'en-US': 'There is no post "{post}" (posts: {posts})' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function message(code: MessageCode, lang: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[code][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
