import type { ErrorSchema } from '@rjsf/utils';

export interface FieldMessage {
  /** Dotted path: `buyer.contactEmail`, `samples.0.sampleNo`; '' for the whole document. */
  field: string;
  message: string;
}

type MutableErrorNode = { __errors?: string[] } & { [key: string]: MutableErrorNode | string[] | undefined };

/** Per-field messages → RJSF's ErrorSchema (`{ buyer: { contactEmail: { __errors: [...] } } }`). */
export function toErrorSchema(errors: readonly FieldMessage[]): ErrorSchema {
  const root: MutableErrorNode = {};
  for (const { field, message } of errors) {
    let node = root;
    for (const part of field.split('.').filter(Boolean)) {
      const next = (node[part] as MutableErrorNode | undefined) ?? {};
      node[part] = next;
      node = next;
    }
    (node.__errors ??= []).push(message);
  }
  return root as ErrorSchema;
}

export interface PlacedErrors {
  /** ErrorSchema per form section, for the sections that have errors. */
  bySection: Record<string, ErrorSchema>;
  /** Messages no section shows (document-level rules, fields not on the form). */
  unplaced: FieldMessage[];
}

/**
 * Splits document errors among the sections holding each error's top-level field; `inline` words
 * a message for display under its field, and `shownAt` names the field that shows it.
 */
export function placeErrors(
  sections: readonly { id: string; fields: readonly string[] }[],
  errors: readonly FieldMessage[],
  inline: (error: FieldMessage) => string = (e) => e.message,
  shownAt: (field: string) => string = (f) => f,
): PlacedErrors {
  const grouped: Record<string, FieldMessage[]> = {};
  const unplaced: FieldMessage[] = [];
  for (const error of errors) {
    const top = error.field.split('.')[0] ?? '';
    const section = top ? sections.find((s) => s.fields.includes(top)) : undefined;
    if (section) (grouped[section.id] ??= []).push({ field: shownAt(error.field), message: inline(error) });
    else unplaced.push(error);
  }
  const bySection: Record<string, ErrorSchema> = {};
  for (const [id, list] of Object.entries(grouped)) bySection[id] = toErrorSchema(list);
  return { bySection, unplaced };
}
