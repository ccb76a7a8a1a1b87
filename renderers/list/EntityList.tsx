import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import type { ListParty, LocalizedText, PartyList, RegisteredEntity } from '../../engine/index.ts';
import { deriveFilters, deriveListColumns, hasPermission, text } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { formPath } from '../env/entity-paths.ts';
import { errorMessage } from '../env/error-message.ts';
import { entityKeys } from '../env/query-keys.ts';
import { FilterBar } from './FilterBar.tsx';
import { TodoCounts } from './TodoCounts.tsx';
import { toTableColumns } from './list-columns.tsx';
import { readListParams, toSortParam, writeListParams } from './list-params.ts';

export interface EntityListProps {
  reg: RegisteredEntity;
  /** Only the records the user's company owns, or only those naming it (the route's declared side). */
  party?: ListParty;
  /** The title of a further list of the entity (its declared label); the entity's label otherwise. */
  label?: LocalizedText;
  /** A further list's own columns (routes.partyLists); the views' list columns otherwise. */
  columns?: PartyList['columns'];
  /** A list variant's name (sent as `list`: the server applies its states, conditions and work-list rule). */
  name?: string;
  /** The variant's filter fields (all the views' list filters otherwise). */
  filterFields?: PartyList['filters'];
  /** Whether the list has a New button (routes.partyLists `create`). */
  create?: boolean;
  /** The page's URL query: the list's whole state. */
  search: URLSearchParams;
  onSearchChange(next: URLSearchParams): void;
}

/** The generated list page of any registered entity: filter bar, server-paged table, New button. */
export function EntityList({ reg, party, label, columns: declared, name, filterFields, create, search, onSearchChange }: EntityListProps) {
  const { lang, t, data, permissions, navigate } = useRendererEnv();
  const searchKey = search.toString();
  const params = useMemo(() => readListParams(reg, new URLSearchParams(searchKey)), [reg, searchKey]);
  const columns = useMemo(() => deriveListColumns(reg, lang, declared), [reg, lang, declared]);
  const filters = useMemo(() => deriveFilters(reg, lang).filter((f) => !filterFields || filterFields.includes(f.field)), [reg, lang, filterFields]);
  // The page shown stays while the next one loads (a new page, sort or filter); a saved record or
  // an action on one makes this list load again (renderers/env/record-cache.ts).
  const {
    data: result,
    isFetching: loading,
    error,
    refetch,
  } = useQuery({
    queryKey: entityKeys.list(reg.name, { ...params, party, list: name }),
    queryFn: () => data.list({ entity: reg.name, ...params, ...(party ? { party } : {}), ...(name ? { list: name } : {}) }),
    placeholderData: keepPreviousData,
  });

  const tableColumns = useMemo(() => toTableColumns(reg, columns, params.sort, navigate), [reg, columns, params.sort, navigate]);
  // A list of the records naming the user's company (invitations received) makes none itself.
  const mayCreate = (create ?? party !== 'shared') && hasPermission(permissions, reg.entity.permissions.create);

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{text(label ?? reg.entity.label, lang, reg.name)}</Typography.Title>}
      extra={
        mayCreate && (
          <Button type="primary" onClick={() => navigate(formPath(reg))} data-testid="list-new">
            {t('list.new')}
          </Button>
        )
      }
    >
      <Flex vertical gap={16}>
        {result?.counts && <TodoCounts reg={reg} counts={result.counts} total={result.total} />}
        <FilterBar filters={filters} values={params.filters} onApply={(f) => onSearchChange(writeListParams({ ...params, filters: f, page: 1 }))} />
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
