import { Navigate, useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { EntityDetail } from '../../../renderers/detail/EntityDetail.tsx';

/** An entity's detail page: `?id=<record id>`; without an id there is nothing to show but the list. */
export default function EntityDetailPage({ reg }: { reg: RegisteredEntity }) {
  const [search] = useSearchParams();
  const id = search.get('id');
  if (!id) return <Navigate to={reg.entity.routes.list} replace />;
  return <EntityDetail key={id} reg={reg} id={id} />;
}
