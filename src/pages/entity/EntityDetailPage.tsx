import { Navigate, useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { EntityDetail } from '../../../renderers/detail/EntityDetail.tsx';
import { DffDetail } from './DffDetail.tsx';

/** An entity's detail page: `?id=<record id>`; without an id there is nothing to show but the list. A TRF shows its DFF data too. */
export default function EntityDetailPage({ reg }: { reg: RegisteredEntity }) {
  const [search] = useSearchParams();
  const id = search.get('id');
  if (!id) return <Navigate to={reg.entity.routes.list} replace />;
  return <EntityDetail key={id} reg={reg} id={id} extra={(record) => <DffDetail reg={reg} record={record} />} />;
}
