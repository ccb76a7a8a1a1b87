import { describe, expect, it } from 'vitest';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { formValidatorFor } from '../../../renderers/form/form-validator.ts';
import { KEEP_DATA } from '../../../renderers/form/form-defaults.ts';
import { addingUtils } from '../../../renderers/form/new-row-defaults.tsx';

/** A list of rows whose item declares defaults (through a reference), in a stored record's form. */
const SCHEMA = {
  type: 'object',
  definitions: { row: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, role: { type: 'string', default: 'member' }, tags: { type: 'array', minItems: 1, items: { type: 'string', default: 't' } } } } },
  properties: { rows: { type: 'array', minItems: 1, items: { $ref: '#/definitions/row' } }, kind: { type: 'string', default: 'k' } },
} as RJSFSchema;

describe('defaults in a stored record’s form (issue 21: data kept as it is)', () => {
  const stored = createSchemaUtils(formValidatorFor(SCHEMA as never), SCHEMA, KEEP_DATA);
  const adding = addingUtils({ schemaUtils: stored, rootSchema: SCHEMA });

  it('adds nothing to the stored document', () => {
    const doc = { rows: [{ name: 'Ann' }] };
    expect(stored.getDefaultFormState(SCHEMA, doc)).toEqual(doc);
  });

  it('fills a new row with its declared defaults, as a new form would', () => {
    const item = (SCHEMA.properties!.rows as { items: RJSFSchema }).items;
    expect(stored.getDefaultFormState(item)).toEqual({});
    // As in a new form (FORM_DEFAULTS), an optional list with minItems starts empty.
    expect(adding.getDefaultFormState(item)).toEqual({ role: 'member' });
  });

  it('is otherwise the form’s own schema utilities, made once per form', () => {
    expect(adding.retrieveSchema({ $ref: '#/definitions/row' } as RJSFSchema)).toEqual(stored.retrieveSchema({ $ref: '#/definitions/row' } as RJSFSchema));
    expect(addingUtils({ schemaUtils: stored, rootSchema: SCHEMA })).toBe(adding);
  });
});
