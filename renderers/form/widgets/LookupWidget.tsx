import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useRendererEnv } from '../../env/renderer-env.tsx';
import type { LookupOption } from '../../env/data-provider.ts';
import { LOOKUP_CAP, useLookupOptions } from '../../lookup/use-lookup-options.ts';
import { useValueOptions } from '../../lookup/lookup-values.ts';
import { useLookupContextValues } from '../document-store.ts';

/** What the user typed is in the option's label or its keywords (a company's customer number), whatever the case. */
function matches(typed: string, option?: LookupOption): boolean {
  const needle = typed.trim().toLowerCase();
  if (!needle || !option) return true;
  return [option.label, option.keywords].some((t) => typeof t === 'string' && t.toLowerCase().includes(needle));
}

/**
 * A value picked from a server lookup source (`ui:options.lookup`, from the schema's `x-lookup`);
 * several distinct values for an array of lookups (`ui:options.multiple`).
 */
export function LookupWidget({ id, value, disabled, readonly, options, onChange, onBlur, onFocus }: WidgetProps) {
  const { t } = useRendererEnv();
  const source = options.lookup;
  if (typeof source !== 'string') throw new Error(`Lookup widget '${id}' needs ui:options.lookup (the lookup source name)`);
  // A source told of the document (`x-lookupContext`: a TRF sample's materials by the TRF's buyer) asks again when those values change.
  const documentValues = useLookupContextValues(options.lookupContext as Record<string, string> | undefined);
  // Fixed parameters (`x-lookupFilter`: a TRF's buyer lists buyers only) go with them.
  const filter = options.lookupFilter as Record<string, string> | undefined;
  const context = useMemo(() => (filter ? { ...filter, ...documentValues } : documentValues), [filter, documentValues]);
  const base = useLookupOptions(source, context);
  // A source answering its full cap may hold more than it sent: what the user types is then searched on the server too.
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const searched = useLookupOptions(q && base.options.length >= LOOKUP_CAP ? source : undefined, context, q);
  // The saved value(s) past the first answer are asked by value: the select shows their labels, not their ids.
  const saved = useValueOptions(source, (Array.isArray(value) ? value : value ? [value] : []).map(String), context);
  const choices = useMemo(() => {
    const known = new Set(base.options.map((o) => o.value));
    const more = [...saved, ...searched.options].filter((o) => !known.has(o.value) && (known.add(o.value), true));
    return more.length ? [...base.options, ...more] : base.options;
  }, [base.options, saved, searched.options]);
  const loading = base.loading || searched.loading;
  const multiple = options.multiple === true;
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: matches, onSearch: setTyped }}
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
