import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import type { DerivedColumn, Language, RegisteredEntity } from '../../engine/index.ts';
import { crossesList, fieldPath, labelledField, pathKeys, shownValue } from '../../engine/index.ts';
import type { EntityRecord } from '../env/data-provider.ts';
import { detailPath } from '../env/entity-paths.ts';
import { FieldValue } from '../format/FieldValue.tsx';
import { recordValue } from '../format/record-value.ts';
import { columnSortOrder } from './list-params.ts';
import { InlineFieldEditor } from './InlineFieldEditor.tsx';

/**
 * The declared list columns as antd columns: server-side sort, values rendered by kind, links to
 * the detail; a field in `inline` (one the user may change by its `fieldPermissions` code) is
 * edited in place.
 */
export function toTableColumns(
  reg: RegisteredEntity,
  columns: readonly DerivedColumn[],
  sort: string | undefined,
  navigate: (to: string) => void,
  inline: ReadonlySet<string> = new Set(),
  lang: Language = 'zh-CN',
): TableColumnsType<EntityRecord> {
  return columns.map((c) => {
    const node = c.field.startsWith('$') ? undefined : labelledField(reg, c.field);
    return {
      key: c.field,
      title: c.title,
      width: c.width,
      sorter: c.sortable,
      sortOrder: c.sortable ? columnSortOrder(sort, c.field) : undefined,
      sortDirections: ['ascend', 'descend'],
      render: (_: unknown, record: EntityRecord) => {
        // A field in each row of a list (`samples.price`) is not edited in place: the editor writes one value; nor is a record read through an authorization.
        if (node && !record.throughGrant && inline.has(fieldPath(pathKeys(c.field))) && !crossesList(reg.schema, c.field)) return <InlineFieldEditor key={`${record.id}:${record.version}`} reg={reg} record={record} field={c.field} />;
        const value = <FieldValue reg={reg} field={c.field} kind={c.kind} node={node} value={shownValue(reg, c.field, record.doc, recordValue(record, c.field, lang), lang)} doc={record.doc} compact />;
        if (!c.link) return value;
        const to = detailPath(reg, record.id);
        return (
          <Typography.Link
            href={to}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey) return;
              e.preventDefault();
              navigate(to);
            }}
          >
            {value}
          </Typography.Link>
        );
      },
    };
  });
}
