import { useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import type { PartyList } from '../../../engine/declaration/types.ts';
import { EntityList } from '../../../renderers/list/EntityList.tsx';

/** An entity's list page (one side of its records, its title and columns, when the route declares them); its query (filters, sort, page) lives in the URL. */
export default function EntityListPage({ reg, ...list }: { reg: RegisteredEntity; fixedFilter?: { field: string; value: string } } & Partial<Pick<PartyList, 'party' | 'label' | 'columns' | 'name' | 'filters' | 'create'>>) {
  const [search, setSearch] = useSearchParams();
  return (
    <EntityList
      reg={reg}
      party={list.party}
      label={list.label}
      columns={list.columns}
      fixedFilter={list.fixedFilter}
      name={list.name}
      filterFields={list.filters}
      create={list.create}
      search={search}
      onSearchChange={(next) => setSearch(next)}
    />
  );
}
