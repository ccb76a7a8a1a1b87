import type { FieldError, Language, RegisteredEntity } from '../../engine/index.ts';
import { toFieldErrors } from '../../engine/index.ts';
import type { Doc } from './form-document.ts';

/**
 * Checks a document with the registry's compiled validator before it is sent: drafts without the
 * `required` rules, records past draft with every rule. Returns the per-field messages (none = valid).
 */
export function validateDocument(reg: RegisteredEntity, doc: Doc, draft: boolean, lang: Language): FieldError[] {
  const validate = draft ? reg.validateDraft : reg.validate;
  if (validate(doc)) return [];
  return toFieldErrors(reg.schema, validate.errors, lang);
}
