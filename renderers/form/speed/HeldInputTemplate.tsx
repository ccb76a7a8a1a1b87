import { Input, InputNumber } from 'antd';
import { SchemaExamples } from '@rjsf/core';
import { Templates } from '@rjsf/antd';
import { ariaDescribedByIds, examplesId, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { useHeldValue } from './held-value.ts';

const AntdBaseInputTemplate = Templates.BaseInputTemplate!;
const INPUT_STYLE = { width: '100%' };
/**
 * A text input as a relayout boundary (layout and size containment, the theme's control
 * height): a keystroke lays out the input alone, not every ancestor up to the document and the
 * section's grid of fifty fields around it.
 */
const TEXT_INPUT_STYLE = { ...INPUT_STYLE, height: 'var(--ant-control-height, 32px)', contain: 'layout size' } as const;
/** A number field's starting value (RJSF may hand a number still being typed as a string, such as `1.`). */
const asNumber = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/**
 * The antd theme's input template (text, number, email, url… inputs), except that the input
 * holds what is typed and hands it to the form when typing pauses or the field is left
 * (useHeldValue): a keystroke renders no part of the form. Inputs whose change a widget handles
 * itself (`onChangeOverride`) stay as the theme has them.
 */
export function HeldInputTemplate(props: BaseInputTemplateProps) {
  if (props.onChangeOverride) return <AntdBaseInputTemplate {...props} />;
  return <HeldInput {...props} />;
}

function HeldInput(props: BaseInputTemplateProps) {
  const { disabled, registry, id, htmlName, onBlur, onChange, onFocus, options, placeholder, readonly, required, schema, value, type } = props;
  const { readonlyAsDisabled = true } = registry.formContext as { readonlyAsDisabled?: boolean };
  const { min, max, ...inputProps } = getInputProps(schema, type, options, false);
  const held = useHeldValue<unknown>(value, onChange);
  const shared = {
    id,
    name: htmlName || id,
    disabled: disabled || (readonlyAsDisabled && readonly),
    placeholder,
    required,
    style: INPUT_STYLE,
    list: schema.examples ? examplesId(id) : undefined,
    'aria-describedby': ariaDescribedByIds(id, !!schema.examples),
    onBlur: readonly
      ? undefined
      : () => {
          held.release();
          onBlur(id, value);
        },
    onFocus: readonly ? undefined : () => onFocus(id, value),
  };
  const input =
    inputProps.type === 'number' || inputProps.type === 'integer' ? (
      <InputNumber<number>
        key={held.key}
        {...shared}
        changeOnWheel={false}
        {...inputProps}
        type={undefined}
        min={typeof min === 'number' ? min : undefined}
        max={typeof max === 'number' ? max : undefined}
        defaultValue={asNumber(held.initial)}
        onChange={readonly ? undefined : (next) => held.hold(next === null ? options.emptyValue : next)}
      />
    ) : (
      <Input
        key={held.key}
        {...shared}
        style={TEXT_INPUT_STYLE}
        {...inputProps}
        defaultValue={held.initial === undefined || held.initial === null ? '' : String(held.initial)}
        onChange={readonly ? undefined : (e) => held.hold(e.target.value === '' ? options.emptyValue : e.target.value)}
      />
    );
  return (
    <>
      {input}
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
