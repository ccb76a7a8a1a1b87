import { Widgets as antdWidgets } from '@rjsf/antd';
import type { WidgetProps } from '@rjsf/utils';
import { useRendererEnv } from '../../env/renderer-env.tsx';
import { EnumSelect } from './EnumSelect.tsx';

type PopupHook = { getPopupContainerCallback: () => (node: HTMLElement) => HTMLElement };

function themeSelect() {
  const widget = antdWidgets.SelectWidget;
  if (!widget) throw new Error("The antd theme has no 'SelectWidget'");
  return widget as typeof widget & PopupHook;
}
const AntdSelectWidget = themeSelect();

/**
 * Selects. The antd theme puts the placeholder as a first, pickable option exactly when a select
 * is single and its schema has no default: a field's enum, which renders as EnumSelect (the theme's
 * select without that option). Every other select stays the theme's own — a multiple select, an
 * enum with a default, and the oneOf/anyOf option selector (RJSF's MultiSchemaField renders it with
 * the schema `{type: 'number', default: 0}`). The placeholder reads "Choose" when none is declared.
 */
export function SelectWidget(props: WidgetProps) {
  const { t } = useRendererEnv();
  const placeholder = props.placeholder || t('lookup.placeholder');
  if (props.multiple || props.schema.default !== undefined) return <AntdSelectWidget {...props} placeholder={placeholder} />;
  return <EnumSelect {...props} placeholder={placeholder} popupContainer={AntdSelectWidget.getPopupContainerCallback()} />;
}
