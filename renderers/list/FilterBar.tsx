import { useEffect, useState } from 'react';
import { Button, Form, Space } from 'antd';
import type { DerivedFilter } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { FilterInput } from './FilterInput.tsx';

export interface FilterBarProps {
  filters: readonly DerivedFilter[];
  /** The applied filter values (from the URL). */
  values: Record<string, string>;
  onApply(values: Record<string, string>): void;
}

/** The list's filter form: edits stay local until Search applies them (Enter in a text box too). */
/** The id of a filter's input, which its label names. */
const filterId = (field: string) => `filter-${field.replace(/[^\w-]/g, '_')}`;

export function FilterBar({ filters, values, onApply }: FilterBarProps) {
  const { t } = useRendererEnv();
  const [draft, setDraft] = useState(values);
  useEffect(() => setDraft(values), [values]);
  const apply = () => onApply(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
  return (
    <Form layout="inline" onFinish={apply} style={{ rowGap: 12 }} data-testid="list-filters">
      {filters.map((f) => (
        <Form.Item key={f.field} label={f.label} htmlFor={filterId(f.field)}>
          <FilterInput id={filterId(f.field)} filter={f} value={draft[f.field]} onChange={(v) => setDraft((d) => ({ ...d, [f.field]: v }))} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              onApply({});
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
