import { useQueries } from '@tanstack/react-query';
import type { Language } from '../../../engine/declaration/types.ts';
import { stateOptions, type Option } from '../../../engine/derive/list.ts';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { entityKeys } from '../../../renderers/env/query-keys.ts';

export interface StateCount extends Option {
  count?: number;
}

/** The state field a dashboard counts by: the first lifecycle region the list can be filtered on. */
export function countedStateField(reg: RegisteredEntity): string | undefined {
  const filtered = new Set(reg.views.list.filters.map((f) => f.field));
  return Object.keys(reg.entity.lifecycle?.regions ?? {}).find((field) => filtered.has(field));
}

/**
 * How many records the user can see in each state of the field (one list query per state, page
 * size 1). They are list queries of the entity (entityKeys.list), so a saved record or an action
 * on one counts again when the dashboard is shown.
 */
export function useStateCounts(reg: RegisteredEntity, field: string, lang: Language): { counts: StateCount[]; failed: boolean } {
  const { data } = useRendererEnv();
  const states = stateOptions(reg, field, lang);
  const totals = useQueries({
    queries: states.map(({ value }) => {
      const params = { page: 1, pageSize: 1, filters: { [field]: value } };
      return { queryKey: entityKeys.list(reg.name, params), queryFn: () => data.list({ entity: reg.name, ...params }) };
    }),
  });
  return { counts: states.map((o, i) => ({ ...o, count: totals[i]?.data?.total })), failed: totals.some((q) => q.isError) };
}
