import { startTransition, useContext, useEffect, useState, type CSSProperties } from 'react';
import { ConfigProvider } from 'antd';
import { buttonId, canExpand, getTemplate, getUiOptions, titleId, type ObjectFieldTemplateProps, type ObjectFieldTemplatePropertyType } from '@rjsf/utils';

/** The span a property takes in the 24-column row, as the antd theme reads it from `formContext.colSpan`. */
function spanOf(element: ObjectFieldTemplatePropertyType, count: number, colSpan: unknown): number {
  const { schema, uiSchema } = (element.content as { props: { schema: { type?: unknown }; uiSchema?: Record<string, unknown> } }).props;
  const { field, widget } = getUiOptions(uiSchema);
  const type = schema.type;
  if (colSpan && typeof colSpan === 'object') {
    const byKind = colSpan as Record<string, number | undefined>;
    const found = typeof widget === 'string' ? byKind[widget] : typeof field === 'string' ? byKind[field] : typeof type === 'string' ? byKind[type] : undefined;
    if (found !== undefined) return found;
  }
  if (typeof colSpan === 'number') return colSpan;
  return count < 2 || type === 'object' || type === 'array' || widget === 'textarea' ? 24 : 12;
}

const ROW: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', columnGap: 24 };

/** How many of a section's fields its first render draws: about a screen of them. */
const FIRST_RENDER_FIELDS = 12;

/**
 * How many of `total` fields to draw: a section's first render draws about a screen of them and
 * the rest right after the first paint, as a transition (React yields to input while drawing
 * them). A form opens on its first fields without building the antd components of the fifty
 * fields of a long first section. Nested groups, and a form rendered to a string (no window),
 * draw every field at once, fields a condition shows later included.
 */
function useDrawnCount(total: number, progressive: boolean): number {
  const [drawn, setDrawn] = useState(() => (progressive && typeof window !== 'undefined' ? FIRST_RENDER_FIELDS : Number.POSITIVE_INFINITY));
  const all = drawn >= total;
  useEffect(() => {
    if (all) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawn(Number.POSITIVE_INFINITY)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all]);
  return Math.min(drawn, total);
}

/**
 * The antd theme's object template with the same title, optional-data control, spans and expand
 * button, but laid out as one CSS grid instead of an antd Row and a Col per property. The theme's
 * Col runs antd's style hooks for each of a section's fields on every keystroke in any of them;
 * a plain grid cell costs next to nothing, and the field inside it (RJSF's memoized property)
 * is skipped when it did not change (issue 4's keystroke-to-paint goal on a 1,000-field template).
 */
export function GridObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { disabled, formData, fieldPathId, onAddProperty, optionalDataControl, properties, readonly, required, registry, schema, title, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const { colSpan = 24, labelAlign = 'right', rowGutter = 24 } = registry.formContext as { colSpan?: unknown; labelAlign?: string; rowGutter?: number };
  const showOptionalDataControlInTitle = !readonly && !disabled;
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const labelCls = `${getPrefixCls('form')}-item-label`;
  const shown = properties.filter((e) => !e.hidden);
  const drawn = useDrawnCount(shown.length, fieldPathId.path.length === 0);
  return (
    <fieldset id={fieldPathId.$id} data-fields-pending={drawn < shown.length || undefined}>
      <div style={rowGutter === 24 ? ROW : { ...ROW, columnGap: rowGutter }}>
        {title && (
          <div className={labelAlign === 'left' ? `${labelCls} ${labelCls}-left` : labelCls} style={{ gridColumn: 'span 24' }}>
            <TitleFieldTemplate
              id={titleId(fieldPathId)}
              title={title}
              required={required}
              schema={schema}
              uiSchema={uiSchema}
              registry={registry}
              optionalDataControl={showOptionalDataControlInTitle ? optionalDataControl : undefined}
            />
          </div>
        )}
        {!showOptionalDataControlInTitle && optionalDataControl && <div style={{ gridColumn: 'span 24' }}>{optionalDataControl}</div>}
        {shown.slice(0, drawn).map((element) => (
          <div key={element.name} style={{ gridColumn: `span ${spanOf(element, properties.length, colSpan)}`, minWidth: 0 }}>
            {element.content}
          </div>
        ))}
      </div>
      {canExpand(schema, uiSchema, formData) && (
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <AddButton
            id={buttonId(fieldPathId, 'add')}
            className="rjsf-object-property-expand"
            disabled={disabled || readonly}
            onClick={onAddProperty}
            uiSchema={uiSchema}
            registry={registry}
          />
        </div>
      )}
    </fieldset>
  );
}
