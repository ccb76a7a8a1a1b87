import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTypedValue } from './use-typed-value.ts';

/** Multi-line text; `ui:options.rows` sets the height (3 lines by default). A keystroke is painted before the form catches up (useTypedValue). */
export function TextareaWidget({ id, value, disabled, readonly, placeholder, options, schema, onChange, onBlur, onFocus }: WidgetProps) {
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  const { shown, change, flush } = useTypedValue<string | undefined>(value, onChange);
  return (
    <Input.TextArea
      id={id}
      rows={rows}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder || undefined}
      maxLength={schema.maxLength}
      showCount={schema.maxLength !== undefined}
      value={shown ?? ''}
      onChange={(e) => change(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => {
        flush();
        onBlur(id, shown);
      }}
      onFocus={() => onFocus(id, shown)}
    />
  );
}
