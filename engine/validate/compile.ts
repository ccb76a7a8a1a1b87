import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { EntitySchema, Language } from '../declaration/types.ts';
import { createAjv } from './ajv.ts';
import { toFieldErrors, type FieldError } from './messages.ts';
import { boundedSchema } from './bounded-schema.ts';

let formAjv: Ajv | undefined;

/**
 * A standalone form schema (registration, password reset…) compiled once, cached by `$id`. The
 * ajv is made on first use, not at import: every page imports this module, few validate a form.
 * Like an entity's, it is validated with the default bounds and closed objects (bounded-schema.ts).
 */
export function compiledForm(schema: EntitySchema): ValidateFunction {
  const ajv = (formAjv ??= createAjv());
  return ajv.getSchema(schema.$id) ?? ajv.compile(boundedSchema(schema));
}

/** Validates data against a form schema; per-field messages in the language, empty when valid. */
export function validateForm(schema: EntitySchema, data: unknown, lang: Language): FieldError[] {
  const validate = compiledForm(schema);
  return validate(data) ? [] : toFieldErrors(schema, validate.errors, lang);
}
