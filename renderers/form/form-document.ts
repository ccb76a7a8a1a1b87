import { getDefaultFormState } from '@rjsf/utils';
import type { RJSFSchema } from '@rjsf/utils';
import { withoutHiddenValues, type DerivedFormSection, type FieldSchema } from '../../engine/index.ts';
import { formValidatorFor } from './form-validator.ts';
import { FORM_DEFAULTS } from './form-defaults.ts';

export type Doc = Record<string, unknown>;

/** The document cut into the form's sections: each section's own top-level fields. */
export function splitDocument(sections: readonly DerivedFormSection[], doc: Doc, withDefaults: boolean): Record<string, Doc> {
  const parts: Record<string, Doc> = {};
  for (const section of sections) {
    const own: Doc = {};
    for (const field of section.fields) if (doc[field] !== undefined) own[field] = doc[field];
    parts[section.id] = withDefaults ? ((getDefaultFormState(formValidatorFor(section.schema), section.schema as RJSFSchema, own, section.schema as RJSFSchema, false, FORM_DEFAULTS) as Doc | undefined) ?? own) : own;
  }
  return parts;
}

/**
 * The document to save: the stored document with the sections' edits of editable fields laid
 * over it. Fields the record's state does not let change keep their stored value. Given the
 * schema, an editable field its visibility rule hides loses its value, as the form shows it
 * (a value typed before its controlling field changed is not saved).
 */
export function mergeDocument(base: Doc, parts: Record<string, Doc>, sections: readonly DerivedFormSection[], editable: ReadonlySet<string>, schema?: FieldSchema): Doc {
  const out: Doc = { ...base };
  for (const section of sections) {
    const part = parts[section.id] ?? {};
    for (const field of section.fields) {
      if (!editable.has(field)) continue;
      if (part[field] === undefined) delete out[field];
      else out[field] = part[field];
    }
  }
  const shown = schema ? (withoutHiddenValues(schema, out) as Doc) : out;
  for (const field of Object.keys(out)) if (!editable.has(field)) shown[field] = out[field];
  return JSON.parse(JSON.stringify(shown)) as Doc;
}
