import { useCallback, useEffect, useState, type DependencyList } from 'react';

export interface Loaded<T> {
  value?: T;
  loading: boolean;
  error?: unknown;
  /** Fetches again. */
  reload(): void;
  /** Replaces the value shown (e.g. with what the server returned after an action). */
  setValue(next: T | ((current: T | undefined) => T)): void;
}

/**
 * Loads a value whenever `deps` change or `reload` is called; an answer that arrives after the
 * inputs changed (or the component left) is dropped, so a slow response never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [value, setValue] = useState<T | undefined>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    load().then(
      (v) => {
        if (!live) return;
        setValue(v);
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
    // The caller names in `deps` what `load` reads (and what else should load again, such as the
    // language): the list is the caller's, so the hook rule cannot see it through the spread.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { value, loading, error, reload, setValue: setValue as Loaded<T>['setValue'] };
}
