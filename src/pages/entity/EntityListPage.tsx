import { useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import type { ListParty, LocalizedText } from '../../../engine/declaration/types.ts';
import { EntityList } from '../../../renderers/list/EntityList.tsx';

/** An entity's list page (one side of its records when the route declares it); its query (filters, sort, page) lives in the URL. */
export default function EntityListPage({ reg, party, label }: { reg: RegisteredEntity; party?: ListParty; label?: LocalizedText }) {
  const [search, setSearch] = useSearchParams();
  return <EntityList reg={reg} party={party} label={label} search={search} onSearchChange={(next) => setSearch(next)} />;
}
