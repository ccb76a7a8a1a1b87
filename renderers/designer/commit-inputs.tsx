import { useEffect, useState } from 'react';
import { Input, InputNumber } from 'antd';

/** A text input that commits once when it loses focus or on Enter, so one edit is one undo step. */
export function CommitInput({ value, onCommit, testId, ...rest }: { value: string; onCommit(v: string): void; testId?: string; placeholder?: string; 'aria-label'?: string }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => draft !== value && onCommit(draft);
  return <Input size="small" value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onPressEnter={commit} data-testid={testId} {...rest} />;
}

/** A number input committing on blur or Enter; empty clears the value. */
export function CommitNumber({ value, onCommit, testId, ...rest }: { value: number | undefined; onCommit(v: number | undefined): void; testId?: string; 'aria-label'?: string }) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  useEffect(() => setDraft(value ?? null), [value]);
  const commit = () => (draft ?? undefined) !== value && onCommit(draft ?? undefined);
  return <InputNumber size="small" style={{ width: '100%' }} value={draft} onChange={(v) => setDraft(typeof v === 'number' ? v : null)} onBlur={commit} onPressEnter={commit} data-testid={testId} {...rest} />;
}
