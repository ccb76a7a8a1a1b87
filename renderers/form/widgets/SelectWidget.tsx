import { Widgets as antdWidgets } from '@rjsf/antd';
import type { WidgetProps } from '@rjsf/utils';
import { useRendererEnv } from '../../env/renderer-env.tsx';

function themeSelect() {
  const widget = antdWidgets.SelectWidget;
  if (!widget) throw new Error("The antd theme has no 'SelectWidget'");
  return widget;
}
const AntdSelectWidget = themeSelect();

/**
 * The antd theme's select, whose first option (no value, to clear the field) carries the
 * placeholder: it is never a blank line, it reads "Choose".
 */
export function SelectWidget(props: WidgetProps) {
  const { t } = useRendererEnv();
  return <AntdSelectWidget {...props} placeholder={props.placeholder || t('lookup.placeholder')} />;
}
