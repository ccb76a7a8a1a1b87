import type { ValidateFunction } from 'ajv';
import type { EntitySchema, Language } from '../declaration/types.ts';
import { createAjv } from './ajv.ts';
import { toFieldErrors, type FieldError } from './messages.ts';

const ajv = createAjv();

/** A standalone form schema (registration, password reset…) compiled once, cached by `$id`. */
export function compiledForm(schema: EntitySchema): ValidateFunction {
  return ajv.getSchema(schema.$id) ?? ajv.compile(schema);
}

/** Validates data against a form schema; per-field messages in the language, empty when valid. */
export function validateForm(schema: EntitySchema, data: unknown, lang: Language): FieldError[] {
  const validate = compiledForm(schema);
  return validate(data) ? [] : toFieldErrors(schema, validate.errors, lang);
}
