import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { toFieldErrors, type EntitySchema, type Language } from '../../engine/index.ts';

/** One ajv error, as the engine's messages take it. */
type AjvError = NonNullable<Parameters<typeof toFieldErrors>[1]>[number];

/** RJSF's `property` (`.contact.email`, the missing property appended for `required`) back to ajv's instance path. */
function instancePathOf(e: RJSFValidationError): string {
  const property = e.property ?? '';
  const missing = (e.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  const tail = missing === undefined ? undefined : String(missing);
  const base = tail === undefined ? property : property === tail ? '' : property.endsWith(`.${tail}`) ? property.slice(0, -tail.length - 1) : property;
  return base.replace(/\./g, '/');
}

/**
 * RJSF's `transformErrors` for a form of the schema: whatever RJSF's own validator reports is
 * said by the engine's messages (engine/validate/messages.ts), the same sentences as the server's
 * and the form's own checks, naming the field by its label in the user's language — never ajv's.
 */
export function transformErrorsFor(schema: EntitySchema, lang: Language): ErrorTransformer {
  return (errors) =>
    errors.map((e) => {
      const raw = { keyword: e.name ?? '', instancePath: instancePathOf(e), schemaPath: e.schemaPath ?? '', params: e.params ?? {} } as AjvError;
      const message = toFieldErrors(schema, [raw], lang)[0]?.message ?? '';
      return { ...e, message, stack: message };
    });
}
