import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useRendererEnv } from '../../env/renderer-env.tsx';
import { useLookupOptions } from '../../lookup/use-lookup-options.ts';
import { useLookupContextValues } from '../document-store.ts';

/**
 * A value picked from a server lookup source (`ui:options.lookup`, from the schema's `x-lookup`);
 * several distinct values for an array of lookups (`ui:options.multiple`).
 */
export function LookupWidget({ id, value, disabled, readonly, options, onChange, onBlur, onFocus }: WidgetProps) {
  const { t } = useRendererEnv();
  const source = options.lookup;
  if (typeof source !== 'string') throw new Error(`Lookup widget '${id}' needs ui:options.lookup (the lookup source name)`);
  // A source told of the document (`x-lookupContext`: a TRF sample's materials by the TRF's buyer) asks again when those values change.
  const context = useLookupContextValues(options.lookupContext as Record<string, string> | undefined);
  const { options: choices, loading } = useLookupOptions(source, context);
  const multiple = options.multiple === true;
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      disabled={disabled || readonly}
      placeholder={t('lookup.placeholder')}
      options={choices}
      value={value ?? undefined}
      onChange={(v?: string | string[]) => onChange(multiple && Array.isArray(v) && !v.length ? undefined : (v ?? undefined))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
}
