import type { ErrorSchema } from '@rjsf/utils';
import { docKeys } from '../../engine/index.ts';

export interface FieldMessage {
  /** Field path (engine/schema/field-path.ts): `buyer.contactEmail`, `samples.0.sampleNo`, `/a.b/0/x~1y`; '' for the whole document. */
  field: string;
  message: string;
}

type MutableErrorNode = { __errors?: string[] } & { [key: string]: MutableErrorNode | string[] | undefined };

/** Per-field messages → RJSF's ErrorSchema (`{ buyer: { contactEmail: { __errors: [...] } } }`). */
export function toErrorSchema(errors: readonly FieldMessage[]): ErrorSchema {
  const root: MutableErrorNode = {};
  for (const { field, message } of errors) {
    let node = root;
    for (const part of docKeys(field)) {
      // Own keys only: a document key such as `__proto__` names a field like any other.
      const next = Object.hasOwn(node, part) ? (node[part] as MutableErrorNode) : {};
      Object.defineProperty(node, part, { value: next, enumerable: true, writable: true, configurable: true });
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
    const [top] = docKeys(error.field);
    const section = top !== undefined ? sections.find((s) => s.fields.includes(top)) : undefined;
    if (section) (grouped[section.id] ??= []).push({ field: shownAt(error.field), message: inline(error) });
    else unplaced.push(error);
  }
  const bySection: Record<string, ErrorSchema> = {};
  for (const [id, list] of Object.entries(grouped)) bySection[id] = toErrorSchema(list);
  return { bySection, unplaced };
}
