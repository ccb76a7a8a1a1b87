import { useEffect, useState } from 'react';
import type { Language } from '../../../engine/declaration/types.ts';
import { stateOptions, type Option } from '../../../engine/derive/list.ts';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { listRecords } from '../../api/entities.ts';

export interface StateCount extends Option {
  count?: number;
}

/** The state field a dashboard counts by: the first lifecycle region the list can be filtered on. */
export function countedStateField(reg: RegisteredEntity): string | undefined {
  const filtered = new Set(reg.views.list.filters.map((f) => f.field));
  return Object.keys(reg.entity.lifecycle?.regions ?? {}).find((field) => filtered.has(field));
}

/** How many records the user can see in each state of the field (one list call per state, page size 1). */
export function useStateCounts(reg: RegisteredEntity, field: string, lang: Language): { counts: StateCount[]; failed: boolean } {
  const [totals, setTotals] = useState<Record<string, number>>({});
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const states = stateOptions(reg, field, 'en-US').map((o) => o.value);
    Promise.all(states.map((state) => listRecords(reg.name, { page: 1, pageSize: 1, filters: { [field]: state } }).then((r) => [state, r.total] as const))).then(
      (pairs) => live && setTotals(Object.fromEntries(pairs)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [reg, field]);
  return { counts: stateOptions(reg, field, lang).map((o) => ({ ...o, count: totals[o.value] })), failed };
}
