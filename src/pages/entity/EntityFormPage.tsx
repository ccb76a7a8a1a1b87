import { useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { EntityForm } from '../../../renderers/form/EntityForm.tsx';
import { portalDffSource } from './dff-source.ts';

/**
 * An entity's form: `?id=<record id>` edits a record, no id starts a new one (from the route's
 * preset values, `routes.forms`); `?parent=<record id>` starts a record belonging to that one (its
 * `access.parent` field set and not changeable: a TRF's report, made from the TRF's detail). A
 * TRF's DFF section takes the buyer's template.
 */
export default function EntityFormPage({ reg, preset, title, locked }: { reg: RegisteredEntity; preset?: Record<string, unknown>; title?: string; locked?: readonly string[] }) {
  const [search] = useSearchParams();
  const id = search.get('id') ?? undefined;
  const parent = search.get('parent');
  const parentField = reg.entity.access?.parent?.field;
  const fromParent = !id && parent && parentField ? { [parentField]: parent } : undefined;
  const start = id ? undefined : fromParent ? { ...preset, ...fromParent } : preset;
  const fixed = fromParent ? [...(locked ?? []), parentField!] : locked;
  return <EntityForm key={id ?? `new:${parent ?? ''}`} reg={reg} id={id} preset={start} newTitle={title} locked={fixed} dff={portalDffSource} />;
}
