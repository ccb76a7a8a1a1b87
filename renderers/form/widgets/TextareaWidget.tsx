import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useHeldValue } from '../speed/index.ts';

/**
 * Multi-line text; `ui:options.rows` sets the height (3 lines by default). What is typed is held
 * by the text area and handed to the form when typing pauses or the field is left (useHeldValue).
 */
export function TextareaWidget({ id, value, disabled, readonly, placeholder, options, schema, onChange, onBlur, onFocus }: WidgetProps) {
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  const held = useHeldValue<unknown>(value, onChange);
  return (
    <Input.TextArea
      key={held.key}
      id={id}
      rows={rows}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder || undefined}
      maxLength={schema.maxLength}
      showCount={schema.maxLength !== undefined}
      defaultValue={typeof held.initial === 'string' ? held.initial : ''}
      onChange={(e) => held.hold(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => {
        held.release();
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}
