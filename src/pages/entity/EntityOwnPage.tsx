import type { RegisteredEntity } from '../../../engine/registry.ts';
import { EntityDetail } from '../../../renderers/detail/EntityDetail.tsx';
import { useSession } from '../../auth/session-store.ts';

/**
 * The detail of the user's own company's record (`routes.own` of an entity whose records are
 * companies: /company/info): the record's id is the company's. Editing and actions are the
 * detail's, as the server allows them (a customer admin edits; the company's other accounts read).
 */
export default function EntityOwnPage({ reg }: { reg: RegisteredEntity }) {
  const companyId = useSession((s) => s.userInfo?.companyId);
  if (!companyId) return null;
  return <EntityDetail key={companyId} reg={reg} id={companyId} />;
}
