import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry, EntityRecord } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';

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
  const [record, setRecord] = useState<EntityRecord | undefined>();
  const [history, setHistory] = useState<AuditEntry[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>();
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    Promise.all([data.get(entity, id), data.history(entity, id)]).then(
      ([r, h]) => {
        if (!live) return;
        setRecord(r);
        setHistory(h);
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e ?? new Error());
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [data, entity, id, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback(
    (next: EntityRecord) => {
      setRecord(next);
      data.history(entity, id).then(setHistory, () => undefined);
    },
    [data, entity, id],
  );
  return { record, history, loading, error, reload, replace };
}
