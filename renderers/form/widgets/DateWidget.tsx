import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';

const DAY = 'YYYY-MM-DD';

/** A calendar date, stored as `YYYY-MM-DD` (JSON Schema `format: date`). */
export function DateWidget({ id, value, disabled, readonly, placeholder, onChange, onBlur, onFocus }: WidgetProps) {
  const parsed = typeof value === 'string' && value ? dayjs(value, DAY) : null;
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      disabled={disabled || readonly}
      placeholder={placeholder || undefined}
      format={DAY}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange(d ? d.format(DAY) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
