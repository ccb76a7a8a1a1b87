import type { ErrorObject } from 'ajv';
import type { EntitySchema, FieldSchema, Language } from '../declaration/types.ts';
import { arrayIndexes, fieldAt, own } from '../schema/resolve.ts';
import { docKeys, fieldPath, pointerKeys } from '../schema/field-path.ts';
import { enumLabel, fieldLabel, text } from '../i18n/labels.ts';
import { FORMAT_NAMES, orList, quotePlace, TYPE_NAMES, VALIDATION_MESSAGES, WHOLE_FORM } from '../i18n/validation-messages.ts';

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

/** The field a keyword's error speaks of: a missing property (required, dependencies) is addressed to itself. */
const ADDRESSED_TO_MISSING = new Set(['required', 'dependencies', 'dependentRequired']);
/** Keywords naming an undeclared key: the place is the object holding it, the key is named by the message. */
const NAMES_A_KEY: Record<string, string> = { additionalProperties: 'additionalProperty', unevaluatedProperties: 'unevaluatedProperty' };

/** `/samples/0/sampleNo` → the keys `samples`, `0`, `sampleNo`; a missing property is addressed to itself. */
function errorKeys(e: ErrorObject): string[] {
  const keys = pointerKeys(e.instancePath);
  const params = e.params as Record<string, unknown>;
  if (ADDRESSED_TO_MISSING.has(e.keyword)) keys.push(String(params.missingProperty));
  const named = own(NAMES_A_KEY, e.keyword);
  if (named) keys.push(String(params[named]));
  return keys;
}

/**
 * A walk over the schema for a message's words, or its fallback: a reference the engine cannot
 * follow (one to another document) costs a label, never the answer.
 */
function orElse<T>(walk: () => T, fallback: () => T): T {
  try {
    return walk();
  } catch {
    return fallback();
  }
}

/** A concrete path's declared keys (array indexes dropped) and the first item's index. */
function declaredOf(schema: EntitySchema, keys: readonly string[]): { keys: string[]; item?: number } {
  const indexes = orElse(() => arrayIndexes(schema, keys), () => keys.map((k) => /^\d+$/.test(k)));
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
  const label = declared.keys.map((key, i) => fieldLabel(orElse(() => fieldAt(schema, fieldPath(declared.keys.slice(0, i + 1))), () => undefined), lang, key)).join(' · ');
  return declared.item !== undefined ? `${label} (#${declared.item + 1})` : label;
}

/**
 * ajv errors → per-field messages in the language, for people: the declaration's own message for
 * the keyword (`x-messages`, after the field's place), else the engine's sentence for the keyword
 * naming the field by its label (keywordMessage). ajv's and ajv-i18n's wording is never used.
 */
export function toFieldErrors(
  schema: EntitySchema,
  errors: readonly ErrorObject[] | null | undefined,
  lang: Language,
): FieldError[] {
  if (!errors?.length) return [];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  const nodeOf = (keys: readonly string[]): FieldSchema | undefined => {
    const declared = declaredOf(schema, keys).keys;
    return declared.length ? orElse(() => fieldAt(schema, fieldPath(declared)), () => undefined) : (schema as FieldSchema);
  };
  // A declared message for an `anyOf`/`oneOf` (at least one of two fields) speaks for its branches' own errors.
  const spoken = errors
    .filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && nodeOf(errorKeys(e))?.['x-messages']?.[e.keyword])
    .map((e) => `${e.schemaPath}/`);
  // An `if` speaks through its `then`/`else` branch's errors; a name refused by `propertyNames` through that keyword's own error.
  const spoken2 = (e: ErrorObject) => (e.keyword === 'if' && errors.length > 1) || (e.propertyName !== undefined && e.keyword !== 'propertyNames');
  for (const e of errors) {
    if (spoken2(e) || spoken.some((p) => e.schemaPath.startsWith(p))) continue;
    const keys = errorKeys(e);
    const field = fieldPath(keys);
    const node = nodeOf(keys);
    const custom = node?.['x-messages']?.[e.keyword];
    const placeOf = own(NAMES_A_KEY, e.keyword) ? fieldPath(keys.slice(0, -1)) : field;
    const where = errorPlace(schema, placeOf, lang);
    // An amount (`x-money`, minor units) is typed as a decimal: text that is none is told how to write one, not "must be an integer".
    const money = !custom && e.keyword === 'type' && node?.['x-money'] ? `${quotePlace(where, lang)}${lang === 'zh-CN' ? '：' : ': '}${MONEY_TYPE[lang]}` : undefined;
    const message = custom ? (where ? `${where}: ${text(custom, lang)}` : text(custom, lang)) : (money ?? keywordMessage(e, lang, { schema, where, node, keys }));
    const key = `${field}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, keyword: e.keyword, message });
  }
  return out;
}

const MONEY_TYPE: Record<Language, string> = { 'zh-CN': '请输入金额，如 2500.50（最多两位小数）', 'en-US': 'enter an amount such as 2500.50 (at most two decimals)' };

/** What a keyword's message may say of its field: its place and its node. */
export interface MessageContext {
  schema: EntitySchema;
  /** errorPlace of the field ('' for the whole document). */
  where: string;
  node?: FieldSchema;
  /** The error's document keys (array indexes included). */
  keys: readonly string[];
}

/** The variant of a keyword's sentence the error's params ask for (VALIDATION_MESSAGES' `keyword:variant`). */
function variantOf(e: ErrorObject, options: string | undefined): string {
  const p = e.params as Record<string, unknown>;
  if ((e.keyword === 'minimum' || e.keyword === 'maximum') && (p.comparison === '>' || p.comparison === '<')) return `${e.keyword}:exclusive`;
  if (e.keyword === 'const' && p.allowedValue === true) return 'const:true';
  if (e.keyword === 'enum' && options) return 'enum:options';
  if (e.keyword === 'oneOf' && Array.isArray(p.passingSchemas)) return 'oneOf:several';
  if (e.keyword === 'contains' && p.maxContains !== undefined) return 'contains:max';
  return e.keyword;
}

/** A value quoted in a message: at most 100 characters (an undeclared key may be any length). */
const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '').slice(0, 100);

/** The readable params of an error: types, formats and option labels in the language, positions counted from 1. */
function keywordParams(e: ErrorObject, lang: Language, ctx: MessageContext): Record<string, string> {
  const p = e.params as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p ?? {})) out[k] = shown(v);
  if (typeof p.type === 'string') out.type = orList(p.type.split(',').map((t) => text(own(TYPE_NAMES, t), lang, t)), lang);
  if (e.keyword === 'format') out.format = text(own(FORMAT_NAMES, String(p.format)) ?? FORMAT_NAMES['']!, lang);
  if (e.keyword === 'uniqueItems') Object.assign(out, { i: String(Number(p.i) + 1), j: String(Number(p.j) + 1) });
  if (e.keyword === 'contains') out.minContains = shown(p.minContains ?? 1);
  if (e.keyword === 'dependencies' || e.keyword === 'dependentRequired') {
    const sibling = [...ctx.keys.slice(0, -1), String(p.property)];
    out.property = quotePlace(errorPlace(ctx.schema, fieldPath(sibling), lang) || String(p.property), lang);
  }
  // A few plain options are listed by their labels; others (objects, empty text, many) are not.
  const options = Array.isArray(p.allowedValues) && p.allowedValues.length <= 8 ? p.allowedValues.map((v) => (['string', 'number', 'boolean'].includes(typeof v) ? enumLabel(ctx.node, v, lang) : '')) : [];
  if (options.length && options.every((o) => o.trim())) out.options = options.join(lang === 'zh-CN' ? '、' : ', ');
  return out;
}

/**
 * The sentence for one error, naming its field: VALIDATION_MESSAGES' entry for the keyword (or
 * its variant), the field's quoted place for `{field}`, the error's params for the rest. A
 * keyword no entry knows gets the generic sentence: never ajv's own words.
 */
export function keywordMessage(e: ErrorObject, lang: Language, ctx: MessageContext): string {
  const params = keywordParams(e, lang, ctx);
  const template = own(VALIDATION_MESSAGES, variantOf(e, params.options)) ?? own(VALIDATION_MESSAGES, e.keyword) ?? VALIDATION_MESSAGES['']!;
  const field = ctx.where ? quotePlace(ctx.where, lang) : text(WHOLE_FORM, lang);
  const filled = text(template, lang).replace(/\{(\w+)\}/g, (_, k: string) => (k === 'field' ? field : (own(params, k) ?? '')));
  return lang === 'en-US' ? filled.charAt(0).toUpperCase() + filled.slice(1) : filled;
}

/** Whether a keyword (or `keyword:variant`) has its own sentence; the rest get the generic one. */
export const hasKeywordMessage = (keyword: string): boolean => own(VALIDATION_MESSAGES, keyword) !== undefined;
