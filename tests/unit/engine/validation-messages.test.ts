import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { AJV_CLASS, createAjv, DRAFTS, errorPlace, toFieldErrors, type EntitySchema, type Language } from '../../../engine/index.ts';
import { FORMAT_NAMES, VALIDATION_MESSAGES, WHOLE_FORM, quotePlace } from '../../../engine/i18n/validation-messages.ts';
import { hasKeywordMessage } from '../../../engine/validate/messages.ts';
import { addRemotes, SUITE_DRAFTS, suiteGroups } from '../../support/json-schema-suite.ts';

/**
 * Every message a user sees for a failed rule names the field by its label and is written for
 * people in the request's language (issue 53 item 8): checked for every keyword ajv can report in
 * any draft, every format ajv-formats knows, and every invalid case of the JSON Schema Test Suite.
 */

const LANGS: readonly Language[] = ['zh-CN', 'en-US'];
/** ajv's own wording (ajv and ajv-i18n en: "must …"; ajv-i18n zh: "应当 …"), and raw params. */
const RAW = /\bmust\b|\bshould\b|应当|\$\{|\{\w+\}|undefined|\[object Object\]/;

/** Every keyword an ajv of any draft reports an error under: each draft's rules that carry an error, plus `type` and the false schema's. */
function reportedKeywords(): string[] {
  const found = new Set<string>(['type', 'false schema', 'x-dateRangeSpan']);
  for (const draft of DRAFTS) {
    const ajv = createAjv(draft) as unknown as { RULES: { all: Record<string, { definition?: { error?: unknown } } | true> } };
    for (const [keyword, rule] of Object.entries(ajv.RULES.all)) if (rule !== true && rule.definition?.error) found.add(keyword);
  }
  return [...found].sort();
}

/** Every format an ajv of any draft knows (ajv-formats). */
const knownFormats = (): string[] => [...new Set(DRAFTS.flatMap((d) => Object.keys(createAjv(d).formats)))].sort();

/** One superset of every param ajv's errors carry, so each keyword's sentence has what it names. */
const PARAMS = {
  limit: 5, comparison: '<=', missingProperty: 'email', additionalProperty: 'extra', unevaluatedProperty: 'extra', property: 'phone',
  deps: 'email', depsCount: 1, type: 'string', format: 'email', multipleOf: 0.5, allowedValues: ['a', 'b'], allowedValue: 'a', i: 1, j: 0,
  minContains: 1, propertyName: 'bad key', passingSchemas: null, len: 2, failingKeyword: 'then', total: 100, sum: 90, maxDays: 366,
};

const SCHEMA: EntitySchema = {
  $id: 'https://portico.dev/test/validation-messages.json',
  type: 'object',
  properties: {
    contact: {
      type: 'object',
      'x-label': { 'zh-CN': '联系人', 'en-US': 'Contact' },
      properties: {
        email: { type: 'string', 'x-label': { 'zh-CN': '联系邮箱', 'en-US': 'Contact email' } },
        phone: { type: 'string', 'x-label': { 'zh-CN': '联系电话', 'en-US': 'Phone' } },
      },
    },
  },
} as EntitySchema;

const errorOf = (keyword: string, params: Record<string, unknown> = PARAMS): ErrorObject => ({ keyword, instancePath: '/contact/email', schemaPath: `#/${keyword}`, params, message: 'must be raw ajv wording' });
/** The field the error is about, named as the user's language names it. */
const LABEL: Record<Language, string> = { 'zh-CN': '联系人 · 联系邮箱', 'en-US': 'Contact · Contact email' };

describe('validation messages for people', () => {
  const keywords = reportedKeywords();

  it('covers every keyword any draft reports, and every format ajv-formats knows', () => {
    expect(keywords.length).toBeGreaterThan(35);
    expect(keywords.filter((k) => !hasKeywordMessage(k))).toEqual([]);
    expect(knownFormats().filter((f) => !Object.hasOwn(FORMAT_NAMES, f))).toEqual([]);
  });

  describe.each(LANGS)('in %s', (lang) => {
    it.each(keywords)('names the field and says %s for people', (keyword) => {
      const [error] = toFieldErrors(SCHEMA, [errorOf(keyword)], lang);
      expect(error!.message).toContain(LABEL[lang]);
      expect(error!.message).not.toMatch(RAW);
    });

    it.each(Object.keys(VALIDATION_MESSAGES).filter((k) => k.includes(':')))('says the variant %s for people, naming the field', (variant) => {
      const [keyword, kind] = variant.split(':') as [string, string];
      const params = { ...PARAMS, comparison: '<', allowedValue: true, passingSchemas: [0, 1], maxContains: 3 };
      const [error] = toFieldErrors(SCHEMA, [errorOf(keyword, kind === 'options' ? PARAMS : params)], lang);
      expect(error!.message).toContain(LABEL[lang]);
      expect(error!.message).not.toMatch(RAW);
    });

    it.each(knownFormats())('names the field and the format %s', (format) => {
      const [error] = toFieldErrors(SCHEMA, [errorOf('format', { format })], lang);
      expect(error!.message).toContain(LABEL[lang]);
      expect(error!.message).toContain(FORMAT_NAMES[format]![lang]);
      expect(error!.message).not.toMatch(RAW);
    });

    it('says a keyword no entry knows in a sentence of its own, still naming the field', () => {
      const [error] = toFieldErrors(SCHEMA, [errorOf('someFutureKeyword', {})], lang);
      expect(error!.message).toBe(VALIDATION_MESSAGES['']![lang].replace('{field}', quotePlace(LABEL[lang], lang)).replace(/^./, (c) => (lang === 'en-US' ? c.toUpperCase() : c)));
    });
  });

  /**
   * Real errors, not made-up ones: every invalid case of the official test suite, in every
   * supported draft, validated by the shared ajv and said in both languages. Each message names
   * its field's place (or the whole form) and none uses ajv's wording.
   */
  describe.each(SUITE_DRAFTS)('the JSON Schema Test Suite $folder', ({ folder, draft }) => {
    it('says every refusal for people, naming its place', () => {
      const ajv = addRemotes(createAjv(draft), folder);
      expect(ajv).toBeInstanceOf(AJV_CLASS[draft]);
      const bad: string[] = [];
      let said = 0;
      for (const group of suiteGroups(folder)) {
        let validate;
        try {
          validate = ajv.compile(group.schema);
        } catch {
          continue; // a schema the suite expects some validators to refuse: no document is said against it
        }
        const schema = (typeof group.schema === 'object' ? group.schema : {}) as EntitySchema;
        for (const t of group.tests.filter((c) => !c.valid)) {
          let valid: boolean;
          try {
            valid = validate(t.data) as boolean;
          } catch {
            continue;
          }
          if (valid) continue;
          for (const lang of LANGS) {
            for (const e of toFieldErrors(schema, validate.errors, lang)) {
              said++;
              const place = e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties' ? e.field.split('.').slice(0, -1).join('.') : e.field;
              const where = errorPlace(schema, place, lang);
              const named = where ? quotePlace(where, lang) : WHOLE_FORM[lang];
              if (RAW.test(e.message) || !e.message.toLowerCase().includes(named.toLowerCase())) bad.push(`${lang} ${group.name} / ${t.description}: ${e.message}`);
            }
          }
        }
        if (typeof group.schema === 'object') ajv.removeSchema(group.schema);
      }
      expect(said).toBeGreaterThan(300);
      expect(bad).toEqual([]);
    }, 120_000);
  });
});
