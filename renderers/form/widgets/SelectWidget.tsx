import { useMemo } from 'react';
import { Select } from 'antd';
import { ariaDescribedByIds, enumOptionSelectedValue, enumOptionValueDecoder, enumOptionValueEncoder, getOptionValueFormat, type WidgetProps } from '@rjsf/utils';
import { useRendererEnv } from '../../env/renderer-env.tsx';

const SELECT_STYLE = { width: '100%' };

/**
 * A select over a field's enum options. The placeholder ("Choose") is the empty select's hint,
 * never an option one could pick (the antd theme's select adds it as a first option, issue 53);
 * a field that may stay empty is cleared with the select's clear button instead.
 */
export function SelectWidget({ autofocus, disabled, id, htmlName, multiple, onBlur, onChange, onFocus, options, placeholder, readonly, required, value, registry }: WidgetProps) {
  const { t } = useRendererEnv();
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (v: unknown) => enumOptionValueDecoder(v as string, enumOptions, format, emptyValue);
  const readonlyAsDisabled = (registry.formContext as { readonlyAsDisabled?: boolean }).readonlyAsDisabled ?? true;
  const selectOptions = useMemo(
    () =>
      (enumOptions ?? []).map(({ value: optionValue, label }, index) => ({
        disabled: Array.isArray(enumDisabled) && enumDisabled.includes(optionValue),
        key: String(index),
        value: enumOptionValueEncoder(optionValue, index, format),
        label,
      })),
    [enumOptions, enumDisabled, format],
  );
  const selected = enumOptionSelectedValue(value, enumOptions, Boolean(multiple), format, emptyValue);
  return (
    <Select
      id={id}
      // antd's typings lack `name`, which the select passes on to its input.
      {...{ name: htmlName || id }}
      autoFocus={autofocus}
      disabled={disabled || (readonlyAsDisabled && readonly)}
      mode={multiple ? 'multiple' : undefined}
      allowClear={!required && !readonly}
      placeholder={placeholder || t('lookup.placeholder')}
      style={SELECT_STYLE}
      value={selected === '' ? undefined : selected}
      options={selectOptions}
      showSearch={{ optionFilterProp: 'label' }}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={readonly ? undefined : (next: unknown) => onChange(next === undefined ? emptyValue : decode(next))}
      onBlur={readonly ? undefined : () => onBlur(id, decode(value))}
      onFocus={readonly ? undefined : () => onFocus(id, decode(value))}
    />
  );
}
