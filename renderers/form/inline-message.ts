import type { EntitySchema, Language } from '../../engine/index.ts';
import { arrayIndexes, docKeys, errorPlace, fieldAt, fieldPath } from '../../engine/index.ts';

/**
 * Messages name their field (`Buyer · Contact email (#2): …`) so they read well in a list; under
 * the field itself that prefix repeats the label next to it, so it is left out there.
 */
export function inlineMessage(schema: EntitySchema, lang: Language, field: string, message: string): string {
  const where = errorPlace(schema, field, lang);
  if (!where) return message;
  return message.startsWith(`${where}: `) ? message.slice(where.length + 2) : message;
}

/**
 * The field a message shows under: a field drawn by one widget (`x-widget` other than a table: a
 * date range, a multi-select, an upload, several lookup picks) shows the messages of its items itself, since RJSF draws
 * no item of it to show them.
 */
export function shownField(schema: EntitySchema, field: string): string {
  const keys = docKeys(field);
  const indexes = arrayIndexes(schema, keys);
  for (let i = 1; i < keys.length; i++) {
    if (indexes[i - 1]) continue;
    const node = fieldAt(schema, fieldPath(keys.slice(0, i).filter((_, j) => !indexes[j])));
    const widget = node?.['x-widget'];
    if ((widget && widget !== 'table') || node?.['x-lookup']) return fieldPath(keys.slice(0, i));
  }
  return field;
}
