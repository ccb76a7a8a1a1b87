import { useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { ariaDescribedByIds, enumOptionSelectedValue, enumOptionValueDecoder, enumOptionValueEncoder, getOptionValueFormat, SelectedOptionDescription, type WidgetProps } from '@rjsf/utils';

const SELECT_STYLE = { width: '100%' };

const filterOption: SelectProps['filterOption'] = (input, option) => typeof option?.label === 'string' && option.label.toLowerCase().includes(input.toLowerCase());

/**
 * A field's single enum select: the antd theme's SelectWidget (@rjsf/antd 6) without the option the
 * theme puts first for a select with no schema default — an empty value labelled with the
 * placeholder ("请选择"), which one could pick like a value (issue 53). The placeholder stays the
 * empty select's hint; a field that may stay empty is cleared with the clear button. Everything
 * else — values, search, focus and blur, where the list opens, the selected option's description —
 * is the theme's.
 */
export function EnumSelect({ autofocus, disabled, registry, id, htmlName, onBlur, onChange, onFocus, options, placeholder, readonly, required, value, uiSchema, popupContainer }: WidgetProps & { popupContainer: (node: HTMLElement) => HTMLElement }) {
  const [open, setOpen] = useState(false);
  const { readonlyAsDisabled = true } = registry.formContext as { readonlyAsDisabled?: boolean };
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (v: unknown) => enumOptionValueDecoder(v as string, enumOptions, format, emptyValue);
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
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, emptyValue);
  return (
    <>
      <Select
        open={open}
        autoFocus={autofocus}
        disabled={disabled || (readonlyAsDisabled && readonly)}
        getPopupContainer={popupContainer}
        id={id}
        // antd's typings lack `name`, which the select passes on to its input (as the theme does).
        {...{ name: htmlName || id }}
        allowClear={!required && !readonly && !disabled}
        onBlur={readonly ? undefined : () => onBlur(id, decode(value))}
        onChange={readonly ? undefined : (next: unknown) => onChange(next === undefined ? emptyValue : decode(next))}
        onFocus={readonly ? undefined : () => onFocus(id, decode(value))}
        placeholder={placeholder}
        style={SELECT_STYLE}
        value={selected === '' ? undefined : selected}
        onOpenChange={setOpen}
        showSearch={{ filterOption }}
        aria-describedby={ariaDescribedByIds(id)}
        options={selectOptions}
      />
      <SelectedOptionDescription id={id} multiple={false} options={options} registry={registry} uiSchema={uiSchema} value={value} />
    </>
  );
}
