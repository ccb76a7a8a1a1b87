import { Switch } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

/** A yes/no field shown as a switch (`x-widget: switch`). */
export function SwitchWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  return <Switch id={id} checked={value === true} disabled={disabled || readonly} onChange={(checked) => onChange(checked)} />;
}
