import { Navigate, useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { EntityPrint } from '../../../renderers/detail/EntityPrint.tsx';

/** An entity's printable page (`routes.print`, `?id=<record id>`); without an id, its list. */
export default function EntityPrintPage({ reg }: { reg: RegisteredEntity }) {
  const [search] = useSearchParams();
  const id = search.get('id');
  if (!id) return <Navigate to={reg.entity.routes.list} replace />;
  return <EntityPrint key={id} reg={reg} id={id} />;
}
