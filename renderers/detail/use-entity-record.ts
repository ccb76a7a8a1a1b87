import { useCallback } from 'react';
import type { AuditEntry, EntityRecord } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { useLoad } from '../env/use-load.ts';

export interface EntityRecordState {
  record?: EntityRecord;
  history: AuditEntry[];
  loading: boolean;
  error?: unknown;
  reload(): void;
  /** Shows a record the server returned (after an action) and refreshes the history. */
  replace(record: EntityRecord): void;
}

/** Loads one record and its audit history; `reload` fetches both again. */
export function useEntityRecord(entity: string, id: string): EntityRecordState {
  const { data } = useRendererEnv();
  const { value, loading, error, reload, setValue } = useLoad(
    () => Promise.all([data.get(entity, id), data.history(entity, id)]),
    [data, entity, id],
  );
  const replace = useCallback(
    (next: EntityRecord) => {
      setValue((current) => [next, current?.[1] ?? []]);
      data.history(entity, id).then((h) => setValue((current) => [current?.[0] ?? next, h]), () => undefined);
    },
    [data, entity, id, setValue],
  );
  return { record: value?.[0], history: value?.[1] ?? [], loading, error, reload, replace };
}
