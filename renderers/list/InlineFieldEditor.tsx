import { useState } from 'react';
import { App, Input, InputNumber, Select } from 'antd';
import type { FieldSchema, RegisteredEntity } from '../../engine/index.ts';
import { enumLabel, fieldAt, fieldLabel, valueAt, withValueAt } from '../../engine/index.ts';
import type { EntityRecord } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { useRecordCache } from '../env/record-cache.ts';
import { errorMessage } from '../env/error-message.ts';

/**
 * A field the user may change in place in a list (its `fieldPermissions` code, held: a reviewer's
 * result review; a trainee's score): a choice for an enum, a number box for a number, else a text box saved when left.
 * The field may be nested (`buyer.contactName`, `/meta.data/$v`): the value is read at its path and
 * written into a copy of the document (missing objects made, the leaf alone removed when emptied). The save sends the
 * version the row was read at, so a row changed meanwhile is refused (409) with the server's
 * message and loads again, never overwritten.
 */
export function InlineFieldEditor({ reg, record, field }: { reg: RegisteredEntity; record: EntityRecord; field: string }) {
  const { lang, data } = useRendererEnv();
  const cache = useRecordCache();
  const { message } = App.useApp();
  const node: FieldSchema | undefined = fieldAt(reg.schema, field);
  const stored = valueAt(record.doc, field);
  const [saving, setSaving] = useState(false);
  const label = fieldLabel(node, lang, field);
  const save = async (value: unknown) => {
    if (value === stored || (value === '' && stored === undefined)) return;
    const doc = withValueAt(record.doc, field, value === '' ? undefined : value);
    setSaving(true);
    try {
      cache.changed(reg.name, await data.update({ entity: reg.name, id: record.id, doc, version: record.version }));
    } catch (e) {
      message.error(errorMessage(e) ?? String(e));
      cache.removed(reg.name, record.id);
    } finally {
      setSaving(false);
    }
  };
  if (node?.enum) {
    return (
      <Select
        aria-label={label}
        size="small"
        allowClear
        loading={saving}
        style={{ minWidth: 120 }}
        value={stored === undefined ? undefined : String(stored)}
        options={node.enum.map((v) => ({ value: String(v), label: enumLabel(node, v, lang) }))}
        onChange={(v: string | undefined) => void save(v ?? '')}
        data-testid={`inline-${field}`}
      />
    );
  }
  if (node?.type === 'number' || node?.type === 'integer') {
    return (
      <InputNumber
        aria-label={label}
        size="small"
        disabled={saving}
        min={node.minimum}
        max={node.maximum}
        precision={node.type === 'integer' ? 0 : undefined}
        defaultValue={typeof stored === 'number' ? stored : undefined}
        onBlur={(e) => void save(e.target.value === '' ? '' : Number(e.target.value))}
        data-testid={`inline-${field}`}
      />
    );
  }
  return (
    <Input
      aria-label={label}
      size="small"
      disabled={saving}
      defaultValue={typeof stored === 'string' ? stored : ''}
      onBlur={(e) => void save(e.target.value)}
      data-testid={`inline-${field}`}
    />
  );
}
