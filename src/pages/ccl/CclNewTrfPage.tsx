import { useRegistry } from '../../registry/registry.ts';
import EntityFormPage from '../entity/EntityFormPage.tsx';

/**
 * /ccl/trf/newTrf (SPEC §2, CCL routes): a new test request form on the CCL path — the TRF
 * entity's generated form for a new record, shown without the main area's top margin so the
 * long form starts right under the tabs.
 */
export default function CclNewTrfPage() {
  const registry = useRegistry();
  return <EntityFormPage reg={registry.get('trf')} />;
}
