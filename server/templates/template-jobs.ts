// The engine's own modules, not its index: a worker loads only what the checks need (about a tenth).
import type { EntitySchema, Language } from '../../engine/declaration/types.ts';
import { recordValidators, type RecordValidators, type ValidationError as ErrorObject } from '../../engine/validate/record-validators.ts';
import { checkTemplateWithWarnings, type TemplateCheck } from '../../engine/templates/check-template.ts';
import { importSchema, type ImportInput, type ImportResult } from '../../engine/templates/import.ts';

/**
 * The template work that runs in the job pool (server/jobs/pool.ts): a designer's or an imported
 * schema is outside input, and checking it compiles it with ajv and walks it; both may be slow or
 * large, so neither runs on the server's thread. Pure functions of plain data.
 */

/** The template checks of a bundle (engine/templates/check-template.ts): problems and warnings with codes, not yet localized. */
export function checkTemplateJob(input: { bundle: unknown; lang: Language }): TemplateCheck {
  return checkTemplateWithWarnings(input.bundle, input.lang);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `title` of a schema given as an object or as JSON `text` (undefined when the text does not parse: the import reports it), trimmed to 200 characters. */
export function schemaTitleJob(input: { schema?: unknown; text?: string }): string | undefined {
  let schema = input.schema;
  if (input.text !== undefined) {
    try {
      schema = JSON.parse(input.text);
    } catch {
      return undefined;
    }
  }
  const title = isObject(schema) ? schema.title : undefined;
  return typeof title === 'string' && title.trim() ? title.trim().slice(0, 200) : undefined;
}

/** A JSON Schema (with its uiSchema and sibling files) made a template bundle, or refused (engine/templates/import.ts). */
export function importSchemaJob(input: ImportInput): ImportResult {
  return importSchema(input);
}

/** Validators the template lane's worker holds, by key (the schema's hash), the least recently used dropped past MAX_VALIDATORS. */
const validators = new Map<string, RecordValidators>();
const MAX_VALIDATORS = 32;

export interface ValidateRecordsInput {
  /** The schema's key (server/templates/record-validation.ts): a hash of it. */
  key: string;
  /** Sent when the worker answered `missing` (it had not compiled it, or dropped it). */
  schema?: EntitySchema;
  /** Draft validation (every rule but `required`). */
  draft: boolean;
  /** The documents; none: compile both validators only (publishing's proof that they compile). */
  docs: unknown[];
}

/**
 * Validates template records in the template lane (server/templates/record-validation.ts): a
 * designer's schema may take seconds to compile, so it is compiled here, once per worker, and the
 * documents come to it. `missing` asks the caller for the schema.
 */
export function validateRecordsJob(input: ValidateRecordsInput): { missing: true } | { errors: (ErrorObject[] | null)[] } {
  let found = validators.get(input.key);
  if (!found) {
    if (!input.schema) return { missing: true };
    found = recordValidators(input.schema);
  }
  validators.delete(input.key);
  validators.set(input.key, found);
  if (validators.size > MAX_VALIDATORS) validators.delete(validators.keys().next().value!);
  if (input.docs.length === 0) {
    void found.validate;
    void found.validateDraft;
    return { errors: [] };
  }
  const validate = input.draft ? found.validateDraft : found.validate;
  return { errors: input.docs.map((doc) => (validate(doc) ? null : (validate.errors ?? []).map((e) => ({ ...e })))) };
}
