import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import localizeEn from 'ajv-i18n/localize/en/index.js';
import type { EntitySchema, FieldSchema, Language, LocalizedText } from '../declaration/types.ts';
import { arrayIndexes, fieldAt, own } from '../schema/resolve.ts';
import { docKeys, fieldPath, pointerKeys } from '../schema/field-path.ts';
import { fieldLabel, text } from '../i18n/labels.ts';

/**
 * One failed rule, addressed to a field by its field path (engine/schema/field-path.ts: dotted, or a
 * JSON pointer when a key needs it), array indexes included: `samples.0.sampleNo`, `/a.b/0/c`; '' for
 * the whole document.
 */
export interface FieldError {
  field: string;
  keyword: string;
  message: string;
}

/** `/samples/0/sampleNo` → the keys `samples`, `0`, `sampleNo`; a missing property is addressed to itself. */
function errorKeys(e: ErrorObject): string[] {
  const keys = pointerKeys(e.instancePath);
  if (e.keyword === 'required') keys.push(String((e.params as { missingProperty: string }).missingProperty));
  if (e.keyword === 'additionalProperties') keys.push(String((e.params as { additionalProperty: string }).additionalProperty));
  return keys;
}

/** A concrete path's declared keys (array indexes dropped) and the first item's index. */
function declaredOf(schema: EntitySchema, keys: readonly string[]): { keys: string[]; item?: number } {
  const indexes = arrayIndexes(schema, keys);
  const first = indexes.indexOf(true);
  return { keys: keys.filter((_, i) => !indexes[i]), ...(first >= 0 ? { item: Number(keys[first]) } : {}) };
}

/**
 * How a message names its field: `Buyer · Contact email (#2)` for `buyer.contactEmail` of the
 * second item; labels from the declaration, else the key; '' for the whole document.
 */
export function errorPlace(schema: EntitySchema, field: string, lang: Language): string {
  const declared = declaredOf(schema, docKeys(field));
  if (!declared.keys.length) return '';
  const label = declared.keys.map((key, i) => fieldLabel(fieldAt(schema, fieldPath(declared.keys.slice(0, i + 1))), lang, key)).join(' · ');
  return declared.item !== undefined ? `${label} (#${declared.item + 1})` : label;
}

/**
 * ajv errors → per-field messages in the language: the field's declared label, then either
 * the declaration's own message for that keyword (`x-messages`) or ajv-i18n's.
 */
export function toFieldErrors(
  schema: EntitySchema,
  errors: readonly ErrorObject[] | null | undefined,
  lang: Language,
): FieldError[] {
  if (!errors?.length) return [];
  const copies = errors.map((e) => ({ ...e }));
  (lang === 'zh-CN' ? localizeZh : localizeEn)(copies);
  const seen = new Set<string>();
  const out: FieldError[] = [];
  const nodeOf = (keys: readonly string[]): FieldSchema | undefined => {
    const declared = declaredOf(schema, keys).keys;
    return declared.length ? fieldAt(schema, fieldPath(declared)) : (schema as FieldSchema);
  };
  // A declared message for an `anyOf`/`oneOf` (at least one of two fields) speaks for its branches' own errors.
  const spoken = copies
    .filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && nodeOf(errorKeys(e))?.['x-messages']?.[e.keyword])
    .map((e) => `${e.schemaPath}/`);
  for (const e of copies) {
    if (e.keyword === 'if') continue;
    if (spoken.some((p) => e.schemaPath.startsWith(p))) continue;
    const keys = errorKeys(e);
    const field = fieldPath(keys);
    const node = nodeOf(keys);
    const custom = node?.['x-messages']?.[e.keyword];
    // An undeclared key is named by the message; the place is the object holding it.
    const where = errorPlace(schema, e.keyword === 'additionalProperties' ? fieldPath(keys.slice(0, -1)) : field, lang);
    // An amount (`x-money`, minor units) is typed as a decimal: text that is none is told how to write one, not "must be an integer".
    const money = !custom && e.keyword === 'type' && node?.['x-money'] ? MONEY_TYPE[lang] : undefined;
    const detail = custom ? text(custom, lang) : (money ?? (e.keyword === 'required' ? REQUIRED[lang] : (keywordMessage(e, lang) ?? e.message ?? e.keyword)));
    const message = where ? `${where}: ${detail}` : detail;
    const key = `${field}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, keyword: e.keyword, message });
  }
  return out;
}

const REQUIRED: Record<Language, string> = { 'zh-CN': '此项为必填项', 'en-US': 'is required' };
const MONEY_TYPE: Record<Language, string> = { 'zh-CN': '请输入金额，如 2500.50（最多两位小数）', 'en-US': 'enter an amount such as 2500.50 (at most two decimals)' };

/** Messages of the engine's own keywords (validate/keywords.ts); `{param}` filled from the error's params. */
const KEYWORD_MESSAGES: Record<string, LocalizedText> = {
  'x-cas': { 'zh-CN': '不是有效的 CAS 号（校验位不符）', 'en-US': 'is not a valid CAS number (check digit)' },
  'x-uscc': { 'zh-CN': '不是有效的统一社会信用代码（18 位，校验位须符合 GB 32100-2015）', 'en-US': 'is not a valid unified social credit code (18 characters with a GB 32100-2015 check character)' },
  'x-gln': { 'zh-CN': '不是有效的 GLN（13 位数字，末位须为 GS1 校验位）', 'en-US': 'is not a valid GLN (13 digits with a GS1 check digit)' },
  'x-sumTo': { 'zh-CN': '百分比合计须为 {total}（当前 {sum}）', 'en-US': 'percentages must add up to {total} (now {sum})' },
  'x-dateRange': { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'the end date must not be before the start date' },
  'x-dateRangeSpan': { 'zh-CN': '日期范围不能超过 {maxDays} 天', 'en-US': 'the range must not span more than {maxDays} days' },
  // An undeclared key (objects are closed by default: bounded-schema.ts).
  additionalProperties: { 'zh-CN': '不接受未声明的字段“{additionalProperty}”', 'en-US': 'the undeclared field "{additionalProperty}" is not accepted' },
};

function keywordMessage(e: ErrorObject, lang: Language): string | undefined {
  const template = own(KEYWORD_MESSAGES, e.keyword);
  if (!template) return undefined;
  const params = e.params as Record<string, unknown>;
  // A value is quoted at most 100 characters long (an undeclared key may be any length).
  return text(template, lang).replace(/\{(\w+)\}/g, (_, k: string) => String(own(params, k) ?? '').slice(0, 100));
}
