import { useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { EntityForm } from '../../../renderers/form/EntityForm.tsx';
import { portalDffSource } from './dff-source.ts';

/**
 * An entity's form: `?id=<record id>` edits a record, no id starts a new one (from the route's
 * preset values, `routes.forms`). A TRF's DFF section takes the buyer's template.
 */
export default function EntityFormPage({ reg, preset, title, locked }: { reg: RegisteredEntity; preset?: Record<string, unknown>; title?: string; locked?: readonly string[] }) {
  const [search] = useSearchParams();
  const id = search.get('id') ?? undefined;
  return <EntityForm key={id ?? 'new'} reg={reg} id={id} preset={id ? undefined : preset} newTitle={title} locked={locked} dff={portalDffSource} />;
}
