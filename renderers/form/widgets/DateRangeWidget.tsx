import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';

const DAY = 'YYYY-MM-DD';

/** A date range stored as `[from, to]` (`x-widget: dateRange`; the range rule is the schema's `x-dateRange`). */
export function DateRangeWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus }: WidgetProps) {
  const [from, to] = Array.isArray(value) ? (value as unknown[]) : [];
  const day = (v: unknown) => (typeof v === 'string' && v ? dayjs(v, DAY) : null);
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      disabled={disabled || readonly}
      format={DAY}
      value={[day(from), day(to)]}
      onChange={(range) => onChange(range?.[0] && range[1] ? [range[0].format(DAY), range[1].format(DAY)] : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
