import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../engine/declaration/types.ts';
import { stateOptions, type Option } from '../../../engine/derive/list.ts';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { entityKeys } from '../../../renderers/env/query-keys.ts';
import { getStateCounts } from '../../api/dashboard.ts';

export interface StateCount extends Option {
  count?: number;
}

/** The state field a dashboard counts by: the one declared, else the first lifecycle region the list can be filtered on. */
export function countedStateField(reg: RegisteredEntity, declared?: string): string | undefined {
  const filtered = new Set(reg.views.list.filters.map((f) => f.field));
  return Object.keys(reg.entity.lifecycle?.regions ?? {}).find((field) => (declared ? field === declared : filtered.has(field)));
}

/**
 * How many records the user can see in each state of the field: one aggregated request (the
 * server groups the list's own condition by state). Its key is under the entity's lists
 * (entityKeys.lists), so a saved record or an action on one counts again when the dashboard is shown.
 */
export function useStateCounts(reg: RegisteredEntity, field: string, lang: Language): { counts: StateCount[]; failed: boolean } {
  const states = stateOptions(reg, field, lang);
  const totals = useQuery({ queryKey: [...entityKeys.lists(reg.name), { stateCounts: field }], queryFn: () => getStateCounts(reg.name, field) });
  const byValue = new Map((totals.data ?? []).map((c) => [c.value, c.count]));
  return { counts: states.map((o) => ({ ...o, count: totals.data ? (byValue.get(o.value) ?? 0) : undefined })), failed: totals.isError };
}
