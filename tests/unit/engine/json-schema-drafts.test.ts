import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { ajvPerDraft, checkTemplate, createAjv, DRAFTS, draftOf, localizeProblems, type TemplateBundle } from '../../../engine/index.ts';
import { formValidatorFor } from '../../../renderers/form/form-validator.ts';
import { validBundle } from '../templates/fixtures.ts';

const withSchema = ($schema: unknown): TemplateBundle => {
  const b = validBundle();
  return { ...b, schema: { $schema, ...b.schema } as TemplateBundle['schema'] };
};

describe('JSON Schema drafts', () => {
  it('tells the draft by $schema, in either scheme, with or without #; draft-07 without one', () => {
    expect(draftOf({ type: 'object' })).toBe('draft-07');
    expect(draftOf(true)).toBe('draft-07');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('draft-04');
    expect(draftOf({ $schema: 'https://json-schema.org/draft-06/schema' })).toBe('draft-06');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('draft-07');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2019-09');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2020-12/schema#' })).toBe('2020-12');
    expect(draftOf({ $schema: 'http://json-schema.org/schema#' })).toBeUndefined();
    expect(draftOf({ $schema: 42 })).toBeUndefined();
  });

  it('validates each draft with its own ajv class, every spelling of its $schema accepted', () => {
    const classes = { 'draft-04': AjvDraft04, 'draft-06': Ajv, 'draft-07': Ajv, '2019-09': Ajv2019, '2020-12': Ajv2020 };
    for (const draft of DRAFTS) expect(createAjv(draft)).toBeInstanceOf(classes[draft]);
    const ajvs = ajvPerDraft();
    const cases: (RJSFSchema & { $schema: string })[] = [
      // draft-04: exclusiveMinimum is a boolean beside minimum
      { $schema: 'http://json-schema.org/draft-04/schema', type: 'number', minimum: 0, exclusiveMinimum: true as unknown as number },
      { $schema: 'https://json-schema.org/draft-06/schema#', type: 'number', exclusiveMinimum: 0 },
      { $schema: 'https://json-schema.org/draft-07/schema', type: 'number', exclusiveMinimum: 0 },
      { $schema: 'http://json-schema.org/draft/2019-09/schema', type: 'number', exclusiveMinimum: 0 },
      { $schema: 'http://json-schema.org/draft/2020-12/schema#', type: 'number', exclusiveMinimum: 0 },
    ];
    for (const schema of cases) {
      const validate = ajvs.for(schema).compile(schema);
      expect([validate(1), validate(0)], schema.$schema).toEqual([true, false]);
      expect(formValidatorFor(schema).isValid(schema, 0, schema), schema.$schema).toBe(false);
      expect(formValidatorFor(schema).isValid(schema, 1, schema), schema.$schema).toBe(true);
    }
    expect(() => ajvs.for({ $schema: 'urn:unknown' })).toThrow(/No JSON Schema draft has the \$schema "urn:unknown"/);
  });

  it('lets a template be written in any supported draft and refuses any other $schema with a message, not a throw', () => {
    for (const $schema of ['http://json-schema.org/draft-04/schema#', 'http://json-schema.org/draft-06/schema#', 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema']) {
      expect(checkTemplate(withSchema($schema), 'en-US'), $schema).toEqual([]);
    }
    const unknown = checkTemplate(withSchema('https://json-schema.org/draft/2030-01/schema'), 'en-US');
    expect(unknown).toEqual([{ at: 'schema.$schema', code: 'TEMPLATE_SCHEMA_DRAFT', params: { uri: 'https://json-schema.org/draft/2030-01/schema' } }]);
    expect(localizeProblems(unknown, 'zh-CN')[0]!.message).toBe(
      '不支持的 JSON Schema 版本（$schema：https://json-schema.org/draft/2030-01/schema）；可用 draft-04、draft-06、draft-07、2019-09 或 2020-12，省略即为 draft-07',
    );
    expect(checkTemplate(withSchema(null), 'en-US').map((p) => p.code)).toEqual(['TEMPLATE_SCHEMA_DRAFT']);
  });
});

/**
 * The 17 cases of the JSON Schema Test Suite's optional draft-7 format tests where ajv-formats
 * 2.1.1 (the copy @rjsf/validator-ajv8 loads) and 3.0.1 (the engine's) disagree: leap seconds,
 * offsets out of range, a time without an offset, excess fraction digits.
 */
const FORMAT_SPLITS = {
  'date-time': ['1998-12-31T15:59:60.123-08:00', '1990-12-31T10:00:00+10:60', '1990-12-31T15:59:59-24:00', '2016-12-31T24:59:60+01:00', '1985-04-12T00:59:59.999999999999999Z'],
  time: ['01:29:60+01:30', '23:29:60+23:30', '23:59:60+01:00', '23:59:60+00:30', '15:59:60-08:00', '00:29:60-23:30', '23:59:60-01:00', '23:59:60-00:30', '01:02:03+24:00', '01:02:03+00:60', '12:00:00', '12:00:00.52'],
};

describe('date and time formats', () => {
  it('are judged by the same ajv-formats in the browser as on the server', () => {
    const server = createAjv();
    const browser = formValidatorFor({});
    const rjsfOwn = customizeValidator({ ajvFormatOptions: { keywords: true } });
    for (const [format, values] of Object.entries(FORMAT_SPLITS)) {
      const schema: RJSFSchema = { type: 'string', format };
      const validate = server.compile(schema);
      for (const value of values) {
        expect(browser.isValid(schema, value, schema), `${format} ${value}`).toBe(validate(value));
        // why RJSF's own copy is turned off (ajvFormatOptions: false): it says the opposite
        expect(rjsfOwn.isValid(schema, value, schema), `${format} ${value}`).toBe(!validate(value));
      }
    }
  });
});
