import { Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { FieldKind, FieldSchema, RegisteredEntity } from '../../engine/index.ts';
import { enumLabel, fieldLabel, fieldPath, isBlankValue, isUiHidden, kindOf, moneyText, pathKeys, resolveNode, shownChild, valueOption } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import type { StoredFile } from '../env/data-provider.ts';
import { lookupLabel } from '../lookup/use-lookup-options.ts';
import { useValueOptions } from '../lookup/lookup-values.ts';
import { formatScalar } from './format-value.ts';
import { StateTag } from './StateTag.tsx';

export interface FieldValueProps {
  reg: RegisteredEntity;
  /** The view's field path (system state fields start with `$`). */
  field: string;
  kind: FieldKind;
  node?: FieldSchema;
  value: unknown;
  /** Table cells: no nested tables. */
  compact?: boolean;
  /** Inside another value (an object's field, an expanded row): a table there is as wide as its columns, never stretched to a width that depends on it. */
  nested?: boolean;
  /** The record's document: an amount (`x-money`) reads its currency there. */
  doc?: Record<string, unknown>;
}

/**
 * The fields shown inside an object or a table row: the declared uiSchema applies as at the top
 * (`ui:widget: hidden` leaves a field out, `ui:title`/`ui:enumNames` label it), each named by its
 * path (engine/schema/field-path.ts: any key).
 */
function shownChildren(reg: RegisteredEntity, field: string, node: FieldSchema, keys: readonly string[]): { key: string; path: string; child: FieldSchema }[] {
  return keys.flatMap((key) => {
    const path = fieldPath([...pathKeys(field), key]);
    return isUiHidden(reg, path) ? [] : [{ key, path, child: shownChild(reg, node, path, key) ?? {} }];
  });
}

function Empty() {
  const { t } = useRendererEnv();
  return <Typography.Text type="secondary">{t('detail.empty')}</Typography.Text>;
}

/** A saved lookup value (or list) by its label: one past the source's first answer is asked by value, together with the page's others. */
function LookupText({ name, value }: { name: string; value: unknown }) {
  const options = useValueOptions(name, (Array.isArray(value) ? value : [value]).map(String));
  return <>{lookupLabel(options, value)}</>;
}

function FileLinks({ files }: { files: readonly StoredFile[] }) {
  const { data, t } = useRendererEnv();
  return (
    <Space orientation="vertical" size={0}>
      {files.map((f) => (
        <Typography.Link key={f.fileId} href={data.fileUrl({ fileId: f.fileId })} target="_blank" rel="noreferrer" download={f.fileName}>
          {f.fileName || t('detail.download')}
        </Typography.Link>
      ))}
    </Space>
  );
}

/** An object value as nested label/value pairs, labelled by its declaration; empty keys are left out. */
function ObjectValue({ reg, field, node, value, compact }: { reg: RegisteredEntity; field: string; node: FieldSchema; value: Record<string, unknown>; compact?: boolean | undefined }) {
  const { lang } = useRendererEnv();
  const shown = shownChildren(reg, field, node, Object.keys(node.properties ?? {}).filter((k) => !isBlankValue(value[k])));
  if (!shown.length) return <Empty />;
  return (
    <Descriptions
      size="small"
      column={1}
      colon={false}
      items={shown.map(({ key, path, child }) => ({
        key,
        label: fieldLabel(child, lang, key),
        children: <FieldValue reg={reg} field={path} kind={kindOf(child)} node={child} value={value[key]} compact={compact} nested />,
      }))}
    />
  );
}

/** An array of objects (each item's own fields), which a table cell counts and an expanded row shows whole. */
const objectList = (reg: RegisteredEntity, field: FieldSchema): boolean => {
  const list = resolveNode(reg.schema, field);
  const items = list.type === 'array' && list.items ? resolveNode(reg.schema, list.items) : undefined;
  return items?.type === 'object' && !!items.properties;
};

/**
 * A table is as wide as its columns need, never squeezed; at the top of a detail cell it fills the
 * cell at least. Inside another value (an object's field, an expanded row) it is not stretched: a
 * percentage there is of a table cell whose width depends on the table, and the browser's sizing
 * of that loop made a tree's tables a million pixels wide.
 */
const TABLE_WIDTH = { width: 'max-content', minWidth: '100%' } as const;
const NESTED_TABLE_WIDTH = { width: 'max-content' } as const;

/** Rows' `children` are data here, never antd's tree rows: this key is no item's (no stored key holds NUL). */
const NO_TREE_ROWS = '\u0000rows';

/**
 * An array of objects as a small table whose columns are the items' declared properties. A row
 * holding lists of objects (a tree's children, a sample's tests) expands to show them as tables of
 * their own, to any depth; the cell counts them.
 */
function ObjectTable({ reg, field, node, rows, nested }: { reg: RegisteredEntity; field: string; node: FieldSchema; rows: Record<string, unknown>[]; nested?: boolean | undefined }) {
  const { lang } = useRendererEnv();
  const shown = shownChildren(reg, field, node, Object.keys(node.properties ?? {}));
  const lists = shown.filter(({ child }) => objectList(reg, child));
  const listsIn = (row: Record<string, unknown>) => lists.filter(({ key }) => Object.hasOwn(row, key) && !isBlankValue(row[key]));
  // Each list under its label, as wide as its table: no Descriptions here, whose 100%-wide table inside a
  // table sized by its content made the browser size the row a million pixels wide.
  const expanded = (row: Record<string, unknown>) => (
    <Space orientation="vertical" size="small">
      {listsIn(row).map(({ key, path, child }) => (
        <div key={key}>
          <Typography.Text type="secondary">{fieldLabel(child, lang, key)}</Typography.Text>
          <FieldValue reg={reg} field={path} kind={kindOf(child)} node={child} value={row[key]} nested />
        </div>
      ))}
    </Space>
  );
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(row) => String(rows.indexOf(row))}
      dataSource={rows}
      // The detail page's cell scrolls it (DetailSections), not the table itself.
      style={nested ? NESTED_TABLE_WIDTH : TABLE_WIDTH}
      expandable={{ childrenColumnName: NO_TREE_ROWS, ...(lists.length ? { rowExpandable: (row: Record<string, unknown>) => listsIn(row).length > 0, expandedRowRender: expanded } : {}) }}
      columns={shown.map(({ key, path, child }) => ({
        key,
        title: fieldLabel(child, lang, key),
        // A function, not a data index: antd reads a string index with dots as a path.
        render: (_: unknown, row: Record<string, unknown>) => <FieldValue reg={reg} field={path} kind={kindOf(child)} node={child} value={Object.hasOwn(row, key) ? row[key] : undefined} compact />,
      }))}
    />
  );
}

/** Any field value of a record, rendered by what its declaration says it is. */
export function FieldValue({ reg, field, kind, node, value, compact, nested, doc }: FieldValueProps) {
  const { lang } = useRendererEnv();
  if (isBlankValue(value)) return <Empty />;
  // A oneOf/anyOf value is shown by the option it is (a referenced object's fields, a date of its own).
  const option = valueOption(reg.schema, node, value);
  if (option) return <FieldValue reg={reg} field={field} kind={kindOf(option)} node={option} value={value} compact={compact} nested={nested} doc={doc} />;
  const money = moneyText(node, value, lang, doc);
  if (money !== undefined) return <>{money}</>;
  if (kind === 'state') return <StateTag reg={reg} field={field} value={String(value)} />;
  if (node?.['x-lookup']) return <LookupText name={node['x-lookup']} value={value} />;
  if (node?.['x-widget'] === 'upload' && Array.isArray(value)) return <FileLinks files={value as StoredFile[]} />;
  if (Array.isArray(value)) {
    const items = node?.items ? resolveNode(reg.schema, node.items) : undefined;
    if (items?.type === 'object' && items.properties) {
      return compact ? <>{value.length}</> : <ObjectTable reg={reg} field={field} node={items} rows={value as Record<string, unknown>[]} nested={nested} />;
    }
    return (
      <Space size={[0, 4]} wrap>
        {value.map((v, i) => (
          <Tag key={`${String(v)}-${i}`}>
            {items?.['x-lookup'] ? <LookupText name={items['x-lookup']} value={v} /> : items?.enum ? enumLabel(node, v, lang) : formatScalar(items ? kindOf(items) : 'text', items, v, lang)}
          </Tag>
        ))}
      </Space>
    );
  }
  if (kind === 'object' && node?.properties && typeof value === 'object') {
    return <ObjectValue reg={reg} field={field} node={node} value={value as Record<string, unknown>} compact={compact} />;
  }
  const text = formatScalar(kind, node, value, lang);
  return text ? <>{text}</> : <Empty />;
}
