import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry, EntityRecord } from '../env/data-provider.ts';
import { entityKeys } from '../env/query-keys.ts';
import { recordChanged } from '../env/record-cache.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';

export interface EntityRecordState {
  record?: EntityRecord;
  history: AuditEntry[];
  loading: boolean;
  /** The record could not be loaded. */
  error?: unknown;
  /** The record was loaded, its history could not be. */
  historyError?: unknown;
  reload(): void;
  /** Shows a record the server returned (after an action): the history, DFF data and the entity's lists load again. */
  replace(record: EntityRecord): void;
}

const NO_HISTORY: AuditEntry[] = [];

/** One record and its audit history, through the query cache; `reload` fetches both again. */
export function useEntityRecord(entity: string, id: string): EntityRecordState {
  const { data } = useRendererEnv();
  const queries = useQueryClient();
  const record = useQuery({ queryKey: entityKeys.record(entity, id), queryFn: () => data.get({ entity, id }) });
  const history = useQuery({ queryKey: entityKeys.history(entity, id), queryFn: () => data.history({ entity, id }) });
  const { refetch: refetchRecord } = record;
  const { refetch: refetchHistory } = history;
  const reload = useCallback(() => {
    void refetchRecord();
    void refetchHistory();
  }, [refetchRecord, refetchHistory]);
  const replace = useCallback((next: EntityRecord) => void recordChanged(queries, entity, next), [queries, entity]);
  return {
    record: record.data,
    history: history.data ?? NO_HISTORY,
    loading: record.isPending || history.isPending,
    error: record.error ?? undefined,
    historyError: history.error ?? undefined,
    reload,
    replace,
  };
}
