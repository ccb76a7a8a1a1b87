import type { Language, LocalizedText } from '../declaration/types.ts';

/**
 * The words of every validation message the user sees, in both languages: one sentence per
 * JSON Schema keyword ajv reports (every draft's, ajv-formats' and the engine's own `x-`
 * keywords), naming the field by its label (`{field}`) — the one source of messages for the
 * server's error details and the browser's forms (engine/validate/messages.ts). ajv's own
 * wording ("must …", ajv-i18n's "应当 …") never reaches a user.
 *
 * `{field}` is the field's place, already quoted (`"Buyer · Email (#2)"`, `“买方 · 邮箱 (#2)”`) or
 * "this form" for the whole document; the other `{…}` are the error's params, made readable
 * (keywordParams in validate/messages.ts). A keyword with variants (`minimum` with ajv-draft-04's
 * exclusive comparison, `const` of `true`, `oneOf` that several branches pass) has them as
 * `keyword:variant`.
 */
export const VALIDATION_MESSAGES: Record<string, LocalizedText> = {
  required: { 'zh-CN': '请填写{field}', 'en-US': 'Please fill in {field}' },
  type: { 'zh-CN': '{field}须为{type}', 'en-US': '{field} needs to be {type}' },
  minLength: { 'zh-CN': '{field}至少需要 {limit} 个字符', 'en-US': '{field} needs at least {limit} characters' },
  maxLength: { 'zh-CN': '{field}最多可填 {limit} 个字符', 'en-US': '{field} can be at most {limit} characters long' },
  pattern: { 'zh-CN': '{field}的格式不正确', 'en-US': '{field} is not written in the expected form' },
  format: { 'zh-CN': '{field}不是有效的{format}', 'en-US': '{field} is not a valid {format}' },
  minimum: { 'zh-CN': '{field}不能小于 {limit}', 'en-US': '{field} cannot be less than {limit}' },
  'minimum:exclusive': { 'zh-CN': '{field}须大于 {limit}', 'en-US': '{field} needs to be greater than {limit}' },
  maximum: { 'zh-CN': '{field}不能大于 {limit}', 'en-US': '{field} cannot be more than {limit}' },
  'maximum:exclusive': { 'zh-CN': '{field}须小于 {limit}', 'en-US': '{field} needs to be less than {limit}' },
  exclusiveMinimum: { 'zh-CN': '{field}须大于 {limit}', 'en-US': '{field} needs to be greater than {limit}' },
  exclusiveMaximum: { 'zh-CN': '{field}须小于 {limit}', 'en-US': '{field} needs to be less than {limit}' },
  multipleOf: { 'zh-CN': '{field}须为 {multipleOf} 的整数倍', 'en-US': '{field} needs to be a multiple of {multipleOf}' },
  enum: { 'zh-CN': '{field}请从给出的选项中选择', 'en-US': 'Please choose {field} from the options given' },
  'enum:options': { 'zh-CN': '{field}请从以下选项中选择：{options}', 'en-US': 'Please choose {field} from: {options}' },
  const: { 'zh-CN': '{field}的值不符合要求', 'en-US': '{field} does not have the value required here' },
  'const:true': { 'zh-CN': '请勾选{field}', 'en-US': 'Please tick {field}' },
  minItems: { 'zh-CN': '{field}至少需要 {limit} 项', 'en-US': '{field} needs at least {limit} entries' },
  maxItems: { 'zh-CN': '{field}最多可有 {limit} 项', 'en-US': '{field} can have at most {limit} entries' },
  additionalItems: { 'zh-CN': '{field}最多可有 {limit} 项', 'en-US': '{field} can have at most {limit} entries' },
  items: { 'zh-CN': '{field}最多可有 {limit} 项', 'en-US': '{field} can have at most {limit} entries' },
  uniqueItems: { 'zh-CN': '{field}的第 {i} 项与第 {j} 项重复', 'en-US': '{field} repeats an entry: entries {i} and {j} are the same' },
  contains: { 'zh-CN': '{field}至少需要 {minContains} 项符合要求', 'en-US': '{field} needs at least {minContains} entries that meet its rule' },
  'contains:max': { 'zh-CN': '{field}中符合要求的项须在 {minContains} 到 {maxContains} 项之间', 'en-US': '{field} needs between {minContains} and {maxContains} entries that meet its rule' },
  minProperties: { 'zh-CN': '{field}至少需要填写 {limit} 项', 'en-US': '{field} needs at least {limit} entries filled in' },
  maxProperties: { 'zh-CN': '{field}最多可填写 {limit} 项', 'en-US': '{field} can have at most {limit} entries filled in' },
  additionalProperties: { 'zh-CN': '{field}不接受未声明的字段“{additionalProperty}”', 'en-US': '{field} does not accept the undeclared field "{additionalProperty}"' },
  unevaluatedProperties: { 'zh-CN': '{field}不接受未声明的字段“{unevaluatedProperty}”', 'en-US': '{field} does not accept the undeclared field "{unevaluatedProperty}"' },
  unevaluatedItems: { 'zh-CN': '{field}最多可有 {len} 项', 'en-US': '{field} can have at most {len} entries' },
  dependencies: { 'zh-CN': '填写了{property}时，还请填写{field}', 'en-US': 'Please fill in {field} as well, since {property} is filled in' },
  dependentRequired: { 'zh-CN': '填写了{property}时，还请填写{field}', 'en-US': 'Please fill in {field} as well, since {property} is filled in' },
  propertyNames: { 'zh-CN': '{field}中的名称“{propertyName}”不符合要求', 'en-US': '{field} has an entry named "{propertyName}", which is not allowed' },
  oneOf: { 'zh-CN': '{field}不符合任何一种允许的填写方式', 'en-US': '{field} fits none of the allowed ways to fill it in' },
  'oneOf:several': { 'zh-CN': '{field}同时符合多种填写方式，只能符合其中一种', 'en-US': '{field} fits more than one of the allowed ways to fill it in; it may fit only one' },
  anyOf: { 'zh-CN': '{field}不符合任何一种允许的填写方式', 'en-US': '{field} fits none of the allowed ways to fill it in' },
  not: { 'zh-CN': '{field}的值不被允许', 'en-US': '{field} has a value that is not allowed' },
  if: { 'zh-CN': '{field}不满足适用于它的条件', 'en-US': '{field} does not meet the condition that applies to it' },
  'false schema': { 'zh-CN': '{field}不允许填写', 'en-US': '{field} is not allowed here' },
  formatMinimum: { 'zh-CN': '{field}不能早于（小于）{limit}', 'en-US': '{field} cannot be before (less than) {limit}' },
  formatMaximum: { 'zh-CN': '{field}不能晚于（大于）{limit}', 'en-US': '{field} cannot be after (more than) {limit}' },
  formatExclusiveMinimum: { 'zh-CN': '{field}须晚于（大于）{limit}', 'en-US': '{field} needs to be after (more than) {limit}' },
  formatExclusiveMaximum: { 'zh-CN': '{field}须早于（小于）{limit}', 'en-US': '{field} needs to be before (less than) {limit}' },
  // The engine's own keywords (validate/keywords.ts).
  'x-cas': { 'zh-CN': '{field}不是有效的 CAS 号（校验位不符）', 'en-US': '{field} is not a valid CAS number (check digit)' },
  'x-uscc': { 'zh-CN': '{field}不是有效的统一社会信用代码（18 位，校验位须符合 GB 32100-2015）', 'en-US': '{field} is not a valid unified social credit code (18 characters with a GB 32100-2015 check character)' },
  'x-gln': { 'zh-CN': '{field}不是有效的 GLN（13 位数字，末位须为 GS1 校验位）', 'en-US': '{field} is not a valid GLN (13 digits with a GS1 check digit)' },
  'x-sumTo': { 'zh-CN': '{field}的百分比合计须为 {total}（当前 {sum}）', 'en-US': 'The percentages of {field} need to add up to {total} (now {sum})' },
  'x-dateRange': { 'zh-CN': '{field}的结束日期不能早于开始日期', 'en-US': 'The end date of {field} cannot be before its start date' },
  'x-dateRangeSpan': { 'zh-CN': '{field}的日期范围不能超过 {maxDays} 天', 'en-US': 'The range of {field} cannot span more than {maxDays} days' },
  // A keyword no entry above knows (a future ajv's): still a sentence for people.
  '': { 'zh-CN': '{field}的值不符合要求', 'en-US': '{field} does not have a value allowed here' },
};

/** What `{field}` says for the whole document, and how a field's place is quoted. */
export const WHOLE_FORM: LocalizedText = { 'zh-CN': '本表单', 'en-US': 'this form' };
export const quotePlace = (place: string, lang: Language): string => (lang === 'zh-CN' ? `“${place}”` : `"${place}"`);

/** The JSON types as people call them (`type`'s `{type}`). */
export const TYPE_NAMES: Record<string, LocalizedText> = {
  string: { 'zh-CN': '文本', 'en-US': 'text' },
  number: { 'zh-CN': '数字', 'en-US': 'a number' },
  integer: { 'zh-CN': '整数', 'en-US': 'a whole number' },
  boolean: { 'zh-CN': '是或否', 'en-US': 'yes or no' },
  object: { 'zh-CN': '一组字段', 'en-US': 'a group of fields' },
  array: { 'zh-CN': '列表', 'en-US': 'a list' },
  null: { 'zh-CN': '空值', 'en-US': 'no value' },
};

/** Every ajv-formats format (and the engine's `date`-like ones) as people call it (`format`'s `{format}`). */
export const FORMAT_NAMES: Record<string, LocalizedText> = {
  email: { 'zh-CN': '电子邮件地址（如 name@example.com）', 'en-US': 'email address (such as name@example.com)' },
  'idn-email': { 'zh-CN': '电子邮件地址（如 name@example.com）', 'en-US': 'email address (such as name@example.com)' },
  uri: { 'zh-CN': '网址（如 https://example.com/page）', 'en-US': 'web address (such as https://example.com/page)' },
  url: { 'zh-CN': '网址（如 https://example.com/page）', 'en-US': 'web address (such as https://example.com/page)' },
  'uri-reference': { 'zh-CN': '网址或相对地址', 'en-US': 'web address or relative address' },
  iri: { 'zh-CN': '网址', 'en-US': 'web address' },
  'iri-reference': { 'zh-CN': '网址或相对地址', 'en-US': 'web address or relative address' },
  'uri-template': { 'zh-CN': '网址模板', 'en-US': 'web address template' },
  date: { 'zh-CN': '日期（如 2024-12-31）', 'en-US': 'date (such as 2024-12-31)' },
  time: { 'zh-CN': '时间（如 13:45:00+08:00）', 'en-US': 'time (such as 13:45:00+08:00)' },
  'date-time': { 'zh-CN': '日期时间（如 2024-12-31T13:45:00+08:00）', 'en-US': 'date and time (such as 2024-12-31T13:45:00+08:00)' },
  'iso-time': { 'zh-CN': '时间（如 13:45:00）', 'en-US': 'time (such as 13:45:00)' },
  'iso-date-time': { 'zh-CN': '日期时间（如 2024-12-31T13:45:00）', 'en-US': 'date and time (such as 2024-12-31T13:45:00)' },
  duration: { 'zh-CN': '时长（如 P3D 或 PT2H）', 'en-US': 'duration (such as P3D or PT2H)' },
  hostname: { 'zh-CN': '主机名（如 www.example.com）', 'en-US': 'host name (such as www.example.com)' },
  'idn-hostname': { 'zh-CN': '主机名（如 www.example.com）', 'en-US': 'host name (such as www.example.com)' },
  ipv4: { 'zh-CN': 'IPv4 地址（如 192.168.0.1）', 'en-US': 'IPv4 address (such as 192.168.0.1)' },
  ipv6: { 'zh-CN': 'IPv6 地址（如 2001:db8::1）', 'en-US': 'IPv6 address (such as 2001:db8::1)' },
  regex: { 'zh-CN': '正则表达式', 'en-US': 'regular expression' },
  uuid: { 'zh-CN': 'UUID（如 123e4567-e89b-12d3-a456-426614174000）', 'en-US': 'UUID (such as 123e4567-e89b-12d3-a456-426614174000)' },
  'json-pointer': { 'zh-CN': 'JSON 指针（如 /a/b）', 'en-US': 'JSON pointer (such as /a/b)' },
  'json-pointer-uri-fragment': { 'zh-CN': 'JSON 指针（如 #/a/b）', 'en-US': 'JSON pointer (such as #/a/b)' },
  'relative-json-pointer': { 'zh-CN': '相对 JSON 指针（如 1/a）', 'en-US': 'relative JSON pointer (such as 1/a)' },
  byte: { 'zh-CN': 'Base64 编码的内容', 'en-US': 'Base64-encoded content' },
  int32: { 'zh-CN': '32 位整数', 'en-US': '32-bit whole number' },
  int64: { 'zh-CN': '64 位整数', 'en-US': '64-bit whole number' },
  float: { 'zh-CN': '数字', 'en-US': 'number' },
  double: { 'zh-CN': '数字', 'en-US': 'number' },
  password: { 'zh-CN': '密码', 'en-US': 'password' },
  binary: { 'zh-CN': '二进制内容', 'en-US': 'binary content' },
  '': { 'zh-CN': '格式', 'en-US': 'value in the expected format' },
};

/** How a list of words is joined in the language ("a, b or c" / "a、b 或 c"). */
export function orList(words: readonly string[], lang: Language): string {
  if (words.length <= 1) return words[0] ?? '';
  const head = words.slice(0, -1).join(lang === 'zh-CN' ? '、' : ', ');
  return lang === 'zh-CN' ? `${head}或${words.at(-1)}` : `${head} or ${words.at(-1)}`;
}

/**
 * ajv's compile errors (a schema it cannot turn into a validator) as sentences for people: each
 * known one recognised by its wording, its detail (`{1}`) kept; any other gets the last,
 * generic sentence, never ajv's words.
 */
export const COMPILE_PROBLEMS: readonly { match: RegExp; text: LocalizedText }[] = [
  { match: /^can't resolve reference (\S+)/, text: { 'zh-CN': '引用 {1} 指向的定义不存在', 'en-US': 'the reference {1} points to no definition' } },
  { match: /^Invalid regular expression: (.{0,120})/, text: { 'zh-CN': '正则表达式无效：{1}', 'en-US': 'a pattern is not a valid regular expression: {1}' } },
  { match: /^schema with key or id "([^"]{0,200})" already exists/, text: { 'zh-CN': '标识 {1} 被多个子结构重复使用', 'en-US': 'the identifier {1} is used by more than one part of the schema' } },
  { match: /^reference "([^"]{0,200})" resolves to more than one schema/, text: { 'zh-CN': '引用 {1} 对应多个定义', 'en-US': 'the reference {1} matches more than one definition' } },
  { match: /^NOT SUPPORTED: keyword "([^"]{0,50})"/, text: { 'zh-CN': '此版本的 JSON Schema 不支持关键字 {1}', 'en-US': 'this JSON Schema version does not support the keyword {1}' } },
  { match: /^unknown format "([^"]{0,100})"/, text: { 'zh-CN': '未知的格式 {1}', 'en-US': 'the format {1} is unknown' } },
  { match: /[\s\S]*/, text: { 'zh-CN': '无法据此生成校验规则，请检查结构与引用', 'en-US': 'no validation rules can be made from it; check its structure and references' } },
];

/** A compile error's sentence in the language (COMPILE_PROBLEMS). */
export function compileProblem(err: unknown, lang: Language): string {
  const said = err instanceof Error ? err.message : String(err);
  for (const { match, text } of COMPILE_PROBLEMS) {
    const found = match.exec(said);
    if (found) return text[lang].replace('{1}', found[1] ?? '');
  }
  return '';
}
