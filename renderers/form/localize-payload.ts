import type { FieldSchema, Language } from '../../engine/index.ts';
import { fieldLabel, text } from '../../engine/index.ts';
import type { UiSchema } from '../../engine/index.ts';

/** One field of a payload in one language: title, description and its widget. */
function localizeField(key: string, child: FieldSchema, lang: Language): { schema: FieldSchema; ui: UiSchema } {
  const schema: FieldSchema = {
    ...child,
    title: fieldLabel(child, lang, key),
    ...(child['x-description'] ? { description: text(child['x-description'], lang) } : {}),
  };
  const ui: UiSchema = {};
  const money = child['x-money'];
  if (child['x-widget']) ui['ui:widget'] = child['x-widget'];
  else if (child['x-lookup']) Object.assign(ui, { 'ui:widget': 'lookup', 'ui:options': { lookup: child['x-lookup'] } });
  else if (child.format === 'date') ui['ui:widget'] = 'date';
  // An amount in minor units is typed in the currency's units ("1200.50"), as on the entity forms.
  else if (money) Object.assign(ui, { 'ui:widget': 'money', 'ui:options': typeof money === 'object' && 'code' in money ? { currency: money.code } : {} });
  if (child.enum && child['x-enumLabels']) ui['ui:enumNames'] = child.enum.map((v) => text(child['x-enumLabels']?.[String(v)], lang, String(v)));
  // A set of choices (an array of unique enum items): checkboxes, labelled from the array's or the items' `x-enumLabels`.
  const items = child.type === 'array' ? child.items : undefined;
  if (items?.enum && child.uniqueItems && !child['x-widget']) {
    ui['ui:widget'] = 'checkboxes';
    const labels = child['x-enumLabels'] ?? items['x-enumLabels'];
    if (labels) ui['ui:enumNames'] = items.enum.map((v) => text(labels[String(v)], lang, String(v)));
  } else if (items && items.type === 'object' && items.properties) {
    // A list of rows (a quotation's priced lines): each row's fields labelled, the row itself untitled.
    const row = localizeObject(items, lang);
    schema.items = row.schema;
    ui.items = { ...row.uiSchema, 'ui:label': false };
  }
  return { schema, ui };
}

function localizeObject(node: FieldSchema, lang: Language): { schema: FieldSchema; uiSchema: UiSchema } {
  const properties: Record<string, FieldSchema> = {};
  const uiSchema: UiSchema = {};
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const field = localizeField(key, child, lang);
    properties[key] = field.schema;
    uiSchema[key] = field.ui;
  }
  const { title: _title, description: _description, ...rest } = node;
  return { schema: { ...rest, properties }, uiSchema };
}

/**
 * An action's payload schema in one language, as RJSF reads it: titles and descriptions from
 * the declaration labels, `ui:widget` from `x-widget` / `x-lookup` / date format / `x-money`, enum
 * names from `x-enumLabels`, checkboxes for a set of enum choices, and the fields of a list's rows
 * (the Send quotation dialog's priced lines) localized the same way.
 */
export function localizePayloadSchema(node: FieldSchema, lang: Language): { schema: FieldSchema; uiSchema: UiSchema } {
  const { schema, uiSchema } = localizeObject(node, lang);
  return { schema, uiSchema: { 'ui:submitButtonOptions': { norender: true }, ...uiSchema } };
}
