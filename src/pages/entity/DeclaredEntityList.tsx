import type { RegisteredEntity } from '../../../engine/registry.ts';
import type { PartyList } from '../../../engine/declaration/types.ts';
import { EntityList } from '../../../renderers/list/EntityList.tsx';
import { useSelectionExtensions } from '../extensions/page-extensions.tsx';

export type DeclaredList = Partial<Pick<PartyList, 'party' | 'label' | 'columns' | 'name' | 'filters' | 'create' | 'rowActions' | 'rowDocuments'>>;

/**
 * An entity's list as its route declares it (one side of its records, title, columns, row
 * actions) with the page extensions its views name for selected records (paying invoices
 * together): the list page's and each tab's of a tabbed page. Where the query lives is the caller's.
 */
export function DeclaredEntityList({
  reg,
  list,
  fixedFilter,
  search,
  onSearchChange,
}: {
  reg: RegisteredEntity;
  list: DeclaredList;
  fixedFilter?: { field: string; value: string };
  search: URLSearchParams;
  onSearchChange(next: URLSearchParams): void;
}) {
  const selectionActions = useSelectionExtensions(reg);
  return (
    <EntityList
      reg={reg}
      party={list.party}
      label={list.label}
      columns={list.columns}
      fixedFilter={fixedFilter}
      name={list.name}
      filterFields={list.filters}
      create={list.create}
      rowActions={list.rowActions}
      rowDocuments={list.rowDocuments}
      selectionActions={selectionActions}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
