import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Space, Table, Typography } from 'antd';
import type { ListParty, LocalizedText, PartyList, RegisteredEntity } from '../../engine/index.ts';
import { deriveFilters, deriveListColumns, fieldPath, hasPermission, pathKeys, searchProblems, text } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { formPath } from '../env/entity-paths.ts';
import { errorMessage } from '../env/error-message.ts';
import { entityKeys } from '../env/query-keys.ts';
import { FilterBar } from './FilterBar.tsx';
import { TodoCounts } from './TodoCounts.tsx';
import { toTableColumns } from './list-columns.tsx';
import { readListParams, toSortParam, writeListParams } from './list-params.ts';
import { useListExport } from './use-list-export.ts';
import { ExportProgress } from './ExportProgress.tsx';
import { RowActions } from './RowActions.tsx';
import type { EntityRecord } from '../env/data-provider.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { downloadFile } from './use-list-export.ts';

export interface EntityListProps {
  reg: RegisteredEntity;
  /** Only the records the user's company owns, or only those naming it (the route's declared side). */
  party?: ListParty;
  /** The title of a further list of the entity (its declared label); the entity's label otherwise. */
  label?: LocalizedText;
  /** A further list's own columns (routes.partyLists); the views' list columns otherwise. */
  columns?: PartyList['columns'];
  /** Only the records whose field holds this value (a variant's list: `{ field: 'variant', value: 'ccl' }`). */
  fixedFilter?: { field: string; value: string };
  /** A list of the records belonging to one record (a detail's child list): this filter is fixed and not shown. */
  fixed?: { field: string; value: string };
  /** A list variant's name (sent as `list`: the server applies its states, conditions and work-list rule). */
  name?: string;
  /** The variant's filter fields (all the views' list filters otherwise). */
  filterFields?: PartyList['filters'];
  /** Whether the list has a New button (routes.partyLists `create`). */
  create?: boolean;
  /** Declared actions and documents offered on each row (routes.partyLists `rowActions`, `rowDocuments`). */
  rowActions?: readonly string[];
  rowDocuments?: readonly string[];
  /** What the page offers for the selected records (paying the selected invoices): rows become selectable. */
  selectionActions?: (records: readonly EntityRecord[]) => ReactNode;
  /** More buttons beside the list's own (a child list's New, `detail.children` `create`). */
  extra?: ReactNode;
  /** The page's URL query: the list's whole state. */
  search: URLSearchParams;
  onSearchChange(next: URLSearchParams): void;
}

/** The generated list page of any registered entity: filter bar, server-paged table, New button. */
export function EntityList({ reg, party, label, columns: declared, fixedFilter, fixed, name, filterFields, create, rowActions, rowDocuments, selectionActions, extra, search, onSearchChange }: EntityListProps) {
  const { lang, t, data, permissions, navigate } = useRendererEnv();
  const searchKey = search.toString();
  const params = useMemo(() => {
    const read = readListParams(reg, new URLSearchParams(searchKey));
    return fixedFilter ? { ...read, filters: { ...read.filters, [fixedFilter.field]: fixedFilter.value } } : read;
  }, [reg, searchKey, fixedFilter]);
  const query = useMemo(() => (fixed ? { ...params, filters: { ...params.filters, [fixed.field]: fixed.value } } : params), [params, fixed]);
  const columns = useMemo(() => deriveListColumns(reg, lang, declared), [reg, lang, declared]);
  const filters = useMemo(() => deriveFilters(reg, lang).filter((f) => f.field !== fixed?.field && (!filterFields || filterFields.includes(f.field))), [reg, lang, fixed?.field, filterFields]);
  // Fields the user may change in place: those whose own code (fieldPermissions) the user holds, each path in one spelling.
  const inline = useMemo(
    () => new Set(Object.entries(reg.entity.fieldPermissions ?? {}).filter(([, code]) => hasPermission(permissions, code)).map(([f]) => fieldPath(pathKeys(f)))),
    [reg, permissions],
  );
  // The page shown stays while the next one loads (a new page, sort or filter); a saved record or
  // an action on one makes this list load again (renderers/env/record-cache.ts).
  const {
    data: result,
    isFetching: loading,
    error,
    refetch,
  } = useQuery({
    queryKey: entityKeys.list(reg.name, { ...query, party, list: name }),
    queryFn: () => data.list({ entity: reg.name, ...query, ...(party ? { party } : {}), ...(name ? { list: name } : {}) }),
    placeholderData: keepPreviousData,
  });

  const tableColumns = useMemo(() => {
    const derived = toTableColumns(reg, columns, params.sort, navigate, inline, lang);
    if (!rowActions?.length && !rowDocuments?.length) return derived;
    const operations = { key: '$actions', title: t('list.rowActions'), render: (_: unknown, record: EntityRecord) => <RowActions reg={reg} record={record} actions={rowActions ?? []} documents={rowDocuments} reload={() => void refetch()} /> };
    return [...derived, operations];
  }, [reg, columns, params.sort, navigate, inline, lang, rowActions, rowDocuments, t, refetch]);
  // A list of the records naming the user's company (invitations received) makes none itself; a child list neither.
  const mayCreate = (create ?? party !== 'shared') && !fixed && hasPermission(permissions, reg.entity.permissions.create);
  // Declared exports (docs/declarations.md §2): the rows of this list's query, or the selected ones; the selected records' files.
  const exporter = useListExport();
  const { message } = App.useApp();
  const { export: rowsExport, exportFiles } = reg.views.list;
  const selectable = (exporter.available && Boolean(rowsExport ?? exportFiles)) || Boolean(selectionActions);
  const [selected, setSelected] = useState<string[]>([]);
  // The selected records themselves (kept across pages) for the page's selection actions.
  const [selectedRecords, setSelectedRecords] = useState<readonly EntityRecord[]>([]);
  const select = (keys: readonly string[], rows: readonly (EntityRecord | undefined)[]) => {
    setSelected([...keys]);
    const known = new Map([...selectedRecords, ...rows.filter((r): r is EntityRecord => Boolean(r))].map((r) => [r.id, r]));
    setSelectedRecords(keys.flatMap((k) => known.get(k) ?? []));
  };
  const running = Boolean(exporter.state && !exporter.state.done);
  // A declared import (docs/declarations.md §2, imports): its template and the upload, for users who may create.
  const importable = Boolean(reg.views.list.import && data.importRows && data.importTemplate) && mayCreate;
  const [importing, setImporting] = useState(false);
  const downloadTemplate = async () => {
    try {
      const file = await data.importTemplate!({ entity: reg.name });
      downloadFile(file.blob, file.fileName);
    } catch (e) {
      void message.error(errorMessage(e) ?? t('common.loadFailed'));
    }
  };
  const startExport = (kind: 'rows' | 'files') =>
    void exporter.run({ entity: reg.name, kind, sort: params.sort, filters: query.filters, ...(party ? { party } : {}), ...(kind === 'files' || selected.length ? { ids: selected } : {}) });

  return (
    <Card
      title={<Typography.Title level={fixed ? 5 : 4} style={{ margin: 0 }}>{text(label ?? reg.entity.label, lang, reg.name)}</Typography.Title>}
      size={fixed ? 'small' : undefined}
      data-testid={fixed ? `child-list-${reg.name}` : undefined}
      extra={
        <Space>
          {selectionActions?.(selectedRecords)}
          {importable && (
            <Button onClick={() => void downloadTemplate()} data-testid="list-import-template">
              {t('list.importTemplate')}
            </Button>
          )}
          {importable && (
            <Button onClick={() => setImporting(true)} data-testid="list-import">
              {t('list.import')}
            </Button>
          )}
          {exporter.available && rowsExport && (
            <Button onClick={() => startExport('rows')} loading={running && exporter.state?.kind === 'rows'} disabled={running} data-testid="list-export">
              {selected.length ? t('list.exportSelected', { count: selected.length }) : t('list.export')}
            </Button>
          )}
          {exporter.available && exportFiles && (
            <Button onClick={() => startExport('files')} loading={running && exporter.state?.kind === 'files'} disabled={running} data-testid="list-export-files">
              {exportFiles.label ? text(exportFiles.label, lang) : t('list.exportFiles')}
            </Button>
          )}
          {extra}
          {mayCreate && (
            <Button type="primary" onClick={() => navigate(formPath(reg))} data-testid="list-new">
              {t('list.new')}
            </Button>
          )}
        </Space>
      }
    >
      {importable && <ImportDialog reg={reg} open={importing} onClose={() => setImporting(false)} onImported={() => void refetch()} />}
      <Flex vertical gap={16}>
        {result?.counts && <TodoCounts reg={reg} counts={result.counts} total={result.total} />}
        <FilterBar filters={filters} values={params.filters} problemsOf={(v) => searchProblems(reg, v, lang)} onApply={(f) => onSearchChange(writeListParams({ ...params, filters: f, page: 1 }))} />
        {exporter.state && <ExportProgress state={exporter.state} />}
        {error && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(error) ?? t('common.loadFailed')}
            action={<Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>}
          />
        )}
        <Table
          rowKey="id"
          size="middle"
          loading={loading}
          columns={tableColumns}
          dataSource={result?.items ?? []}
          rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys, rows) => select(keys.map(String), rows), preserveSelectedRowKeys: true } : undefined}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total: result?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('list.total', { total }),
          }}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const sort = toSortParam(one?.columnKey === undefined ? undefined : String(one.columnKey), one?.order);
            const pageSize = pagination.pageSize ?? params.pageSize;
            const page = sort !== params.sort || pageSize !== params.pageSize ? 1 : (pagination.current ?? 1);
            onSearchChange(writeListParams({ ...params, page, pageSize, sort }));
          }}
        />
      </Flex>
    </Card>
  );
}
