import { useEffect, useState } from 'react';
import { Alert, Button, Form, Space } from 'antd';
import type { DerivedFilter, SearchProblem } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { FilterInput } from './FilterInput.tsx';

export interface FilterBarProps {
  filters: readonly DerivedFilter[];
  /** The applied filter values (from the URL). */
  values: Record<string, string>;
  onApply(values: Record<string, string>): void;
  /** The list's declared search rules (views.list.search): what the values break, checked before a search is sent. */
  problemsOf?(values: Record<string, string>): SearchProblem[];
}

/** The list's filter form: edits stay local until Search applies them (Enter in a text box too). */
/** The id of a filter's input, which its label names. */
/** An element id for a filter's field: letters, digits and `-` kept, any other character as `_` and its code point (distinct fields, distinct ids). */
const filterId = (field: string) => `filter-${field.replace(/[^A-Za-z0-9-]/gu, (c) => `_${c.codePointAt(0)!.toString(16)}`)}`;

export function FilterBar({ filters, values, onApply, problemsOf }: FilterBarProps) {
  const { t } = useRendererEnv();
  const [draft, setDraft] = useState(values);
  const [problems, setProblems] = useState<SearchProblem[]>([]);
  useEffect(() => setDraft(values), [values]);
  const apply = () => {
    const given = Object.fromEntries(Object.entries(draft).filter(([, v]) => v));
    const found = problemsOf?.(given) ?? [];
    setProblems(found);
    if (!found.length) onApply(given);
  };
  const problemOf = (field: string) => problems.find((p) => p.field === field);
  return (
    <Form layout="inline" onFinish={apply} style={{ rowGap: 12 }} data-testid="list-filters">
      {problems.length > 0 && (
        <Alert type="error" showIcon style={{ flexBasis: '100%' }} data-testid="search-problems" title={problems.map((p) => <div key={p.field + p.code}>{p.message}</div>)} />
      )}
      {filters.map((f) => (
        <Form.Item key={f.field} label={f.label} htmlFor={filterId(f.field)} validateStatus={problemOf(f.field) ? 'error' : undefined}>
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
              setProblems([]);
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
