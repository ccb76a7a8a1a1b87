import { useMemo } from 'react';
import { Card, Descriptions } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { deriveDetailSections } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import type { EntityRecord } from '../env/data-provider.ts';
import { FieldValue } from '../format/FieldValue.tsx';
import { recordValue } from '../format/record-value.ts';

/** The declared detail sections, each a card of label/value pairs; objects and tables take a whole row. */
export function DetailSections({ reg, record }: { reg: RegisteredEntity; record: EntityRecord }) {
  const { lang } = useRendererEnv();
  const sections = useMemo(() => deriveDetailSections(reg, lang), [reg, lang]);
  return (
    <>
      {sections.map((section) => (
        <Card key={section.id} title={section.title} size="small" data-section={section.id}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: Math.min(2, section.columns), lg: section.columns }}
            items={section.fields.map((f) => ({
              key: f.field,
              label: f.label,
              span: f.kind === 'object' || f.kind === 'array' ? 'filled' : 1,
              children: <FieldValue reg={reg} field={f.field} kind={f.kind} node={f.node} value={recordValue(record, f.field)} doc={record.doc} />,
            }))}
          />
        </Card>
      ))}
    </>
  );
}
