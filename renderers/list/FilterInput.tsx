import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import type { DerivedFilter } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { useLookupOptions } from '../lookup/use-lookup-options.ts';
import { decodeFilterValue, encodeFilterValue } from './list-params.ts';

export interface FilterInputProps {
  /** The input's id (its label's `htmlFor`). */
  id?: string;
  filter: DerivedFilter;
  /** The filter's value as the list endpoint reads it ('' when unset). */
  value: string | undefined;
  onChange(value: string): void;
}

const WIDE = { minWidth: 200 };

function LookupFilter({ id, filter, value, onChange }: FilterInputProps) {
  const { t } = useRendererEnv();
  const { options, loading } = useLookupOptions(filter.lookup);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={WIDE}
      loading={loading}
      placeholder={t('list.selectPlaceholder')}
      options={options}
      value={value || undefined}
      onChange={(v?: string) => onChange(v ?? '')}
    />
  );
}

function RangeFilter({ id, filter, value, onChange }: FilterInputProps) {
  const [from, to] = (decodeFilterValue('range', value) as [string, string] | undefined) ?? ['', ''];
  if (filter.kind === 'number') {
    const set = (a: number | null, b: number | null) => onChange(encodeFilterValue('range', [a, b]));
    return (
      <Space.Compact>
        <InputNumber id={id} value={from === '' ? null : Number(from)} onChange={(v) => set(v, to === '' ? null : Number(to))} />
        <InputNumber value={to === '' ? null : Number(to)} onChange={(v) => set(from === '' ? null : Number(from), v)} />
      </Space.Compact>
    );
  }
  const format = filter.kind === 'datetime' ? undefined : 'YYYY-MM-DD';
  return (
    <DatePicker.RangePicker
      id={id}
      allowEmpty={[true, true]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(dates) => {
        const out = (d: dayjs.Dayjs | null | undefined) => (d ? (format ? d.format(format) : d.toISOString()) : null);
        onChange(encodeFilterValue('range', [out(dates?.[0]), out(dates?.[1])]));
      }}
    />
  );
}

/** One declared list filter as the input its operator and field kind call for. */
export function FilterInput(props: FilterInputProps) {
  const { id, filter, value, onChange } = props;
  const { t } = useRendererEnv();
  if (filter.op === 'range') return <RangeFilter {...props} />;
  if (filter.lookup) return <LookupFilter {...props} />;
  if (filter.options) {
    const multiple = filter.op === 'in';
    return (
      <Select
        id={id}
        allowClear
        mode={multiple ? 'multiple' : undefined}
        style={WIDE}
        maxTagCount="responsive"
        placeholder={t('list.selectPlaceholder')}
        options={filter.options}
        value={multiple ? (decodeFilterValue('in', value) as string[] | undefined) : value || undefined}
        onChange={(v?: string | string[]) => onChange(encodeFilterValue(filter.op, v))}
      />
    );
  }
  if (filter.kind === 'number') {
    return <InputNumber id={id} value={value ? Number(value) : null} onChange={(v) => onChange(v === null ? '' : String(v))} />;
  }
  return (
    <Input
      id={id}
      allowClear
      style={WIDE}
      placeholder={t('list.textPlaceholder')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
