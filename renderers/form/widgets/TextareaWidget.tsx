import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

/** Multi-line text; `ui:options.rows` sets the height (3 lines by default). */
export function TextareaWidget({ id, value, disabled, readonly, placeholder, options, schema, onChange, onBlur, onFocus }: WidgetProps) {
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  return (
    <Input.TextArea
      id={id}
      rows={rows}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder || undefined}
      maxLength={schema.maxLength}
      showCount={schema.maxLength !== undefined}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
