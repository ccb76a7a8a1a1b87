import { useMemo } from 'react';
import { Card, Descriptions, Grid } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { deriveDetailSections } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import type { EntityRecord } from '../env/data-provider.ts';
import { FieldValue } from '../format/FieldValue.tsx';
import { recordValue } from '../format/record-value.ts';
import { isWideValue, rowSpans } from './detail-rows.ts';

const WIDE = { width: 0, minWidth: '100%', overflowX: 'auto' } as const;

/** The declared detail sections, each a card of label/value pairs; an object or a table takes a row of its own. */
export function DetailSections({ reg, record }: { reg: RegisteredEntity; record: EntityRecord }) {
  const { lang } = useRendererEnv();
  const sections = useMemo(() => deriveDetailSections(reg, lang), [reg, lang]);
  const screens = Grid.useBreakpoint();
  return (
    <>
      {sections.map((section) => {
        const columns = screens.lg ? section.columns : screens.md ? Math.min(2, section.columns) : 1;
        const values = section.fields.map((f) => recordValue(record, f.field, lang));
        const spans = rowSpans(values.map(isWideValue), columns);
        return (
          <Card key={section.id} title={section.title} size="small" data-section={section.id}>
            <Descriptions
              bordered
              size="small"
              column={columns}
              items={section.fields.map((f, i) => ({
                key: f.field,
                label: f.label,
                span: spans[i],
                children: (
                  // A wide value is sized by its cell (width 0 stretched to it) and scrolls there, never widening the page
                  // around it; the scrolling region takes the keyboard's focus (arrow keys scroll it) and is named by its field.
                  spans[i] === columns && isWideValue(values[i]) ? (
                    <div style={WIDE} tabIndex={0} role="region" aria-label={f.label}>
                      <FieldValue reg={reg} field={f.field} kind={f.kind} node={f.node} value={values[i]} doc={record.doc} />
                    </div>
                  ) : (
                    <FieldValue reg={reg} field={f.field} kind={f.kind} node={f.node} value={values[i]} doc={record.doc} />
                  )
                ),
              }))}
            />
          </Card>
        );
      })}
    </>
  );
}
