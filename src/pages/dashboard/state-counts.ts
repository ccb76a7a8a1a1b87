import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../engine/declaration/types.ts';
import type { Option } from '../../../engine/derive/list.ts';
import { shellStateOptions, type ShellEntity } from '../../../engine/shell-entity.ts';
import { entityKeys } from '../../../renderers/env/query-keys.ts';
import { getStateCounts } from '../../api/dashboard.ts';

export interface StateCount extends Option {
  count?: number;
}

/**
 * How many records the user can see in each state of the field: one aggregated request (the
 * server groups the list's own condition by state). Its key is under the entity's lists
 * (entityKeys.lists), so a saved record or an action on one counts again when the dashboard is shown.
 */
export function useStateCounts(reg: ShellEntity, field: string, lang: Language): { counts: StateCount[]; failed: boolean } {
  const states = shellStateOptions(reg, field, lang);
  const totals = useQuery({ queryKey: [...entityKeys.lists(reg.name), { stateCounts: field }], queryFn: () => getStateCounts(reg.name, field) });
  const byValue = new Map((totals.data ?? []).map((c) => [c.value, c.count]));
  return { counts: states.map((o) => ({ ...o, count: totals.data ? (byValue.get(o.value) ?? 0) : undefined })), failed: totals.isError };
}
