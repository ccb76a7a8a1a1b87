import type { EntitySchema, Language } from '../../engine/index.ts';
import { fieldAt, fieldLabel } from '../../engine/index.ts';

/**
 * Messages name their field (`Buyer · Contact email (#2): …`) so they read well in a list; under
 * the field itself that prefix repeats the label next to it, so it is left out there.
 */
export function inlineMessage(schema: EntitySchema, lang: Language, field: string, message: string): string {
  const parts = field.split('.').filter((p) => p && !/^\d+$/.test(p));
  if (!parts.length) return message;
  const labels = parts.map((_, i) => fieldLabel(fieldAt(schema, parts.slice(0, i + 1).join('.')), lang, parts[i]));
  const item = /\.(\d+)(\.|$)/.exec(field)?.[1];
  const where = labels.join(' · ') + (item !== undefined ? ` (#${Number(item) + 1})` : '');
  return message.startsWith(`${where}: `) ? message.slice(where.length + 2) : message;
}

/**
 * The field a message shows under: a field drawn by one widget (`x-widget` other than a table: a
 * date range, a multi-select, an upload, several lookup picks) shows the messages of its items itself, since RJSF draws
 * no item of it to show them.
 */
export function shownField(schema: EntitySchema, field: string): string {
  const parts = field.split('.');
  for (let i = 1; i < parts.length; i++) {
    if (/^\d+$/.test(parts[i - 1]!)) continue;
    const node = fieldAt(schema, parts.slice(0, i).filter((p) => !/^\d+$/.test(p)).join('.'));
    const widget = node?.['x-widget'];
    if ((widget && widget !== 'table') || node?.['x-lookup']) return parts.slice(0, i).join('.');
  }
  return field;
}
