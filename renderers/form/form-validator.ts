import { customizeValidator, type CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { AJV_CLASS, AJV_OPTIONS, configureAjv, draftOf, type Draft } from '../../engine/index.ts';

/**
 * RJSF's validator built on the engine's one ajv configuration, per JSON Schema draft: the same
 * ajv class the server uses for the draft (`AjvClass`), the engine's ajv-formats with their
 * formatMinimum/formatMaximum keywords (RJSF's own copy of ajv-formats is turned off with
 * `ajvFormatOptions: false`, so browser and server judge dates and times alike), `$data`
 * references and the Portico keywords (x-cas, x-sumTo, x-dateRange), all added by `configureAjv`.
 * The schema utilities RJSF runs then agree with the registry's compiled validators. Documents
 * themselves are validated by the registry (reg.validate / reg.validateDraft) and shown through
 * `extraErrors`.
 */
function createFormValidator(draft: Draft): ValidatorType {
  return customizeValidator({
    // RJSF types the class as ajv's default one; every draft's class shares its interface (AjvCore).
    AjvClass: AJV_CLASS[draft] as unknown as CustomValidatorOptionsType['AjvClass'],
    ajvOptionsOverrides: AJV_OPTIONS,
    ajvFormatOptions: false,
    extenderFn: (ajv) => configureAjv(ajv, draft),
  });
}

/** One validator per ajv class (draft-06 and draft-07 share ajv's default class), made when a form first needs it. */
const made = new Map<unknown, ValidatorType>();

/**
 * The validator for a schema's draft (its `$schema`; draft-07 without one). A `$schema` no draft
 * claims gets draft-07's: publishing refuses such a template, so only a declaration could carry one.
 */
export function formValidatorFor(schema: unknown): ValidatorType {
  const draft = draftOf(schema) ?? 'draft-07';
  const Class = AJV_CLASS[draft];
  let validator = made.get(Class);
  if (!validator) made.set(Class, (validator = createFormValidator(draft)));
  return validator;
}
