import type { FieldSchema, Language } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { fieldLabel } from '../i18n/labels.ts';
import { docKeys, fieldPath } from '../schema/field-path.ts';
import { resolveNode } from '../schema/resolve.ts';
import { valueOption } from '../schema/value-option.ts';
import { kindOf } from './fields.ts';
import { isUiHidden, labelledField } from './ui-schema.ts';
import { formatScalar } from './value-text.ts';

/** Nothing to show: no value, an empty text or an empty list (the detail page, exports). */
export const isBlankValue = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The declaration of an object's field `key` (at `path`) as the detail page shows it: with its
 * labels from the uiSchema, else the schema's; undefined when the object does not declare it.
 */
export function shownChild(reg: Pick<RegisteredEntity, 'schema' | 'uiSchema'>, node: FieldSchema | undefined, path: string, key: string): FieldSchema | undefined {
  const declared = node?.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
  if (!declared) return undefined;
  return labelledField(reg, path) ?? resolveNode(reg.schema, declared);
}

/**
 * Any value as one line of text, read the way the detail page shows it (for a spreadsheet cell):
 * a oneOf/anyOf value by the option it is, an object as "Label: value; …" in the language (empty
 * and `ui:widget: hidden` fields left out, a nested object or list in parentheses), a list of objects
 * joined by " | ", a file by its name, scalars formatted (dates, enums, amounts, Yes/No).
 */
export function valueSummary(
  reg: Pick<RegisteredEntity, 'schema' | 'uiSchema'>,
  path: string,
  declared: FieldSchema | undefined,
  value: unknown,
  lang: Language,
  doc?: Record<string, unknown>,
): string {
  if (isBlankValue(value)) return '';
  const node = declared && resolveNode(reg.schema, declared);
  const option = valueOption(reg.schema, node, value);
  if (option) return valueSummary(reg, path, option, value, lang, doc);
  if (Array.isArray(value)) {
    const items = node?.items ? resolveNode(reg.schema, node.items) : undefined;
    const parts = value.map((v) => valueSummary(reg, path, items, v, lang, doc)).filter(Boolean);
    return parts.join(value.some(isObject) ? ' | ' : ', ');
  }
  if (isObject(value)) {
    if (typeof value.fileName === 'string' && typeof value.fileId === 'string') return value.fileName;
    return Object.entries(value).flatMap(([key, v]) => {
      const at = fieldPath([...docKeys(path), key]);
      if (isBlankValue(v) || isUiHidden(reg, at)) return [];
      const child = shownChild(reg, node, at, key);
      const text = valueSummary(reg, at, child, v, lang, doc);
      const nested = isObject(v) || (Array.isArray(v) && v.some(isObject));
      return [`${fieldLabel(child ?? {}, lang, key)}: ${nested ? `(${text})` : text}`];
    }).join('; ');
  }
  return formatScalar(node ? kindOf(node) : 'text', node, value, lang, doc);
}
