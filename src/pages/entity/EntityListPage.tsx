import { useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { EntityList } from '../../../renderers/list/EntityList.tsx';

/** An entity's list page; its query (filters, sort, page) lives in the URL. */
export default function EntityListPage({ reg }: { reg: RegisteredEntity }) {
  const [search, setSearch] = useSearchParams();
  return <EntityList reg={reg} search={search} onSearchChange={(next) => setSearch(next)} />;
}
