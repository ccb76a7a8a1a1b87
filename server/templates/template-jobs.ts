// The engine's own modules, not its index: a worker loads only what the checks need (about a tenth).
import type { Language } from '../../engine/declaration/types.ts';
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

/** A JSON Schema (with its uiSchema and sibling files) made a template bundle, or refused (engine/templates/import.ts). */
export function importSchemaJob(input: ImportInput): ImportResult {
  return importSchema(input);
}
