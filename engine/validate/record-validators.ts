import type { ErrorObject, ValidateFunction } from 'ajv';
import type { EntitySchema } from '../declaration/types.ts';
import { withoutRequired } from '../schema/resolve.ts';
import { createAjv, draftOf } from './ajv.ts';
import { boundedSchema } from './bounded-schema.ts';
import { withValidatorId } from './schema-id.ts';

/**
 * The `$id` of an entity's draft schema (`required` left out): the entity's own with a query, not
 * a fragment, since draft 2019-09 and 2020-12 refuse a `$id` with a fragment.
 */
export const draftId = (id: string): string => `${id}${id.includes('?') ? '&' : '?'}draft`;

/** A record's two validators: full (every rule) and draft (every rule but `required`). */
export interface RecordValidators {
  validate: ValidateFunction;
  validateDraft: ValidateFunction;
}

/**
 * The validators of one entity schema, on an ajv of its own (so two schemas carrying the same `$id`
 * never meet, and dropping them frees everything), each compiled on first use: the engine's bounds
 * and closed objects applied (bounded-schema.ts), the declaration left as declared. What the
 * server's template lane compiles in its worker (server/templates/record-validation.ts).
 */
export function recordValidators(schema: EntitySchema): RecordValidators {
  const draft = draftOf(schema);
  if (!draft) throw new Error(`No JSON Schema draft has the $schema ${JSON.stringify(schema.$schema)}`);
  const ajv = createAjv(draft);
  // Compiled under the registration's own key, whatever root id the author wrote (schema-id.ts).
  const key = typeof schema.$id === 'string' && schema.$id ? schema.$id : 'https://portico.invalid/record';
  let bounded: EntitySchema | undefined;
  let full: ValidateFunction | undefined;
  let partial: ValidateFunction | undefined;
  const checked = () => (bounded ??= boundedSchema(schema));
  return {
    get validate() {
      return (full ??= ajv.compile(withValidatorId(checked(), key)));
    },
    get validateDraft() {
      return (partial ??= ajv.compile(withValidatorId(withoutRequired(checked()), draftId(key))));
    },
  };
}

/** One validation error as ajv reports it (what `toFieldErrors` turns into messages). */
export type ValidationError = ErrorObject;
