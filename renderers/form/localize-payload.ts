import type { FieldSchema, Language } from '../../engine/index.ts';
import { fieldLabel, text } from '../../engine/index.ts';
import type { UiSchema } from '../../engine/index.ts';

/**
 * An action's payload schema in one language, as RJSF reads it: titles and descriptions from
 * the declaration labels, `ui:widget` from `x-widget` / `x-lookup` / date format, enum names
 * from `x-enumLabels`, checkboxes for a set of enum choices. (The engine localizes entity schemas; payloads are small flat objects.)
 */
export function localizePayloadSchema(node: FieldSchema, lang: Language): { schema: FieldSchema; uiSchema: UiSchema } {
  const properties: Record<string, FieldSchema> = {};
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    properties[key] = {
      ...child,
      title: fieldLabel(child, lang, key),
      ...(child['x-description'] ? { description: text(child['x-description'], lang) } : {}),
    };
    const ui: UiSchema = {};
    if (child['x-widget']) ui['ui:widget'] = child['x-widget'];
    else if (child['x-lookup']) Object.assign(ui, { 'ui:widget': 'lookup', 'ui:options': { lookup: child['x-lookup'] } });
    else if (child.format === 'date') ui['ui:widget'] = 'date';
    if (child.enum && child['x-enumLabels']) ui['ui:enumNames'] = child.enum.map((v) => text(child['x-enumLabels']?.[String(v)], lang, String(v)));
    // A set of choices (an array of unique enum items): checkboxes, labelled from the array's or the items' `x-enumLabels`.
    const items = child.type === 'array' ? child.items : undefined;
    if (items?.enum && child.uniqueItems && !child['x-widget']) {
      ui['ui:widget'] = 'checkboxes';
      const labels = child['x-enumLabels'] ?? items['x-enumLabels'];
      if (labels) ui['ui:enumNames'] = items.enum.map((v) => text(labels[String(v)], lang, String(v)));
    }
    uiSchema[key] = ui;
  }
  const { title: _title, description: _description, ...rest } = node;
  return { schema: { ...rest, properties }, uiSchema };
}
