import { useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { DeclaredEntityList, type DeclaredList } from './DeclaredEntityList.tsx';

/** An entity's list page (one side of its records, its title and columns, when the route declares them); its query (filters, sort, page) lives in the URL. */
export default function EntityListPage({ reg, fixedFilter, ...list }: { reg: RegisteredEntity; fixedFilter?: { field: string; value: string } } & Omit<DeclaredList, 'rowActions' | 'rowDocuments'>) {
  const [search, setSearch] = useSearchParams();
  return <DeclaredEntityList reg={reg} list={list} fixedFilter={fixedFilter} search={search} onSearchChange={(next) => setSearch(next)} />;
}
