import { useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EntityRecord } from './data-provider.ts';
import { entityKeys } from './query-keys.ts';

/** Every query under a record's key but the record itself: its history and its DFF data. */
function invalidateBelowRecord(queries: QueryClient, entity: string, id: string): Promise<void> {
  const key = entityKeys.record(entity, id);
  return queries.invalidateQueries({ queryKey: key, predicate: (q) => q.queryKey.length > key.length });
}

/**
 * A record the server returned after a save, an action or a copy: shown at once wherever it is
 * cached; what it changed loads again — the entity's lists (and counts), the record's history
 * and its DFF data. Other entities' data stays cached.
 */
export function recordChanged(queries: QueryClient, entity: string, record: EntityRecord): Promise<unknown> {
  queries.setQueryData(entityKeys.record(entity, record.id), record);
  return Promise.all([queries.invalidateQueries({ queryKey: entityKeys.lists(entity) }), invalidateBelowRecord(queries, entity, record.id)]);
}

/** A deleted record: its cached data goes; the entity's lists load again. */
export function recordRemoved(queries: QueryClient, entity: string, id: string): Promise<void> {
  queries.removeQueries({ queryKey: entityKeys.record(entity, id) });
  return queries.invalidateQueries({ queryKey: entityKeys.lists(entity) });
}

export interface RecordCache {
  changed(entity: string, record: EntityRecord): void;
  removed(entity: string, id: string): void;
}

/** recordChanged / recordRemoved on the app's query client. */
export function useRecordCache(): RecordCache {
  const queries = useQueryClient();
  return useMemo(
    () => ({
      changed: (entity, record) => void recordChanged(queries, entity, record),
      removed: (entity, id) => void recordRemoved(queries, entity, id),
    }),
    [queries],
  );
}
