import { useContext, type CSSProperties } from 'react';
import { ConfigProvider } from 'antd';
import { buttonId, canExpand, getTemplate, getUiOptions, titleId, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { propertySpan } from './property-span.ts';
import { useDrawnCount } from './use-drawn-count.ts';

const ROW: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', columnGap: 24 };

/**
 * The antd theme's object template with the same title, optional-data control, spans and expand
 * button, but laid out as one CSS grid instead of an antd Row and a Col per property. The theme's
 * Col runs antd's style hooks for each of a section's fields on every keystroke in any of them;
 * a plain grid cell costs next to nothing, and the field inside it (RJSF's memoized property)
 * is skipped when it did not change (issue 4's keystroke-to-paint goal on a 1,000-field template).
 * Each property's cell is worked out from RJSF's documented template props only — the
 * property's `name`, `hidden` and `content`, the object's `schema` and `uiSchema` (propertySpan)
 * — never from the props of the element RJSF rendered. A form's root draws its first fields
 * first (useDrawnCount).
 */
export function GridObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { disabled, formData, fieldPathId, onAddProperty, optionalDataControl, properties, readonly, required, registry, schema, title, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const { labelAlign = 'right', rowGutter = 24 } = registry.formContext as { labelAlign?: string; rowGutter?: number };
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
          <div key={element.name} style={{ gridColumn: `span ${propertySpan(props, element.name, properties.length)}`, minWidth: 0 }}>
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
