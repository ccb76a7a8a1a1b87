import { Templates } from '@rjsf/antd';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { useTypedValue } from '../widgets/use-typed-value.ts';

const AntdBaseInputTemplate = Templates.BaseInputTemplate!;

/**
 * The antd theme's input template, whose text inputs show a keystroke at once and hand it to
 * the form right after (useTypedValue). Number inputs (antd's InputNumber formats and steps its
 * own value) and widgets that handle the change themselves stay as the theme has them.
 */
export function TypedInputTemplate(props: BaseInputTemplateProps) {
  const numeric = getInputProps(props.schema, props.type, props.options, false).type === 'number' || props.schema.type === 'integer';
  if (numeric || props.onChangeOverride) return <AntdBaseInputTemplate {...props} />;
  return <TypedTextInput {...props} />;
}

function TypedTextInput(props: BaseInputTemplateProps) {
  const { shown, change, flush } = useTypedValue(props.value, props.onChange);
  const onBlur = props.onBlur;
  return (
    <AntdBaseInputTemplate
      {...props}
      value={shown}
      onChange={change}
      onBlur={(id: string, value: unknown) => {
        flush();
        onBlur(id, value);
      }}
    />
  );
}
