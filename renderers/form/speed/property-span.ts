import { ADDITIONAL_PROPERTY_FLAG, getUiOptions, type ObjectFieldTemplateProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';

/** The parts of an object's template props a property's span is worked out from. */
export type SpanSource = Pick<ObjectFieldTemplateProps, 'schema' | 'uiSchema' | 'registry'>;

/**
 * A property's own schema and uiSchema, read from its object's template props as RJSF hands them
 * to the property's field: `schema.properties[name]` (a `$ref` resolved with the registry's
 * schema utilities), and `uiSchema[name]` — or `uiSchema.additionalProperties` for a property
 * added through `additionalProperties` (RJSF marks its schema with ADDITIONAL_PROPERTY_FLAG).
 */
export function propertyParts({ schema, uiSchema, registry }: SpanSource, name: string): { schema: RJSFSchema; uiSchema: UiSchema | undefined } {
  const raw = schema.properties?.[name];
  const own: RJSFSchema = raw && typeof raw === 'object' ? raw : {};
  const resolved = own.$ref === undefined ? own : registry.schemaUtils.retrieveSchema(own);
  const added = Boolean((own as { [ADDITIONAL_PROPERTY_FLAG]?: unknown })[ADDITIONAL_PROPERTY_FLAG]);
  return { schema: resolved, uiSchema: (added ? uiSchema?.additionalProperties : uiSchema?.[name]) as UiSchema | undefined };
}

/**
 * The span (of 24 columns) a property takes, as the antd theme works it out from
 * `formContext.colSpan`: a number for every property, or spans by widget name, then field name,
 * then schema type; without one, a whole row for a lone property, an object, a list or a text
 * area, half a row otherwise.
 */
export function propertySpan(source: SpanSource, name: string, count: number): number {
  const { schema, uiSchema } = propertyParts(source, name);
  const { field, widget } = getUiOptions(uiSchema);
  const { type } = schema;
  const { colSpan = 24 } = source.registry.formContext as { colSpan?: unknown };
  if (colSpan && typeof colSpan === 'object') {
    const byKind = colSpan as Record<string, number | undefined>;
    const found = typeof widget === 'string' ? byKind[widget] : typeof field === 'string' ? byKind[field] : typeof type === 'string' ? byKind[type] : undefined;
    if (found !== undefined) return found;
  }
  if (typeof colSpan === 'number') return colSpan;
  return count < 2 || type === 'object' || type === 'array' || widget === 'textarea' ? 24 : 12;
}
