import type { QueryClient } from '@tanstack/react-query';

/** The keys of the cached queries a change invalidated, as sorted JSON (to compare with `keyList`). */
export function invalidatedKeys(queries: QueryClient): string[] {
  return queries
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
}

export const keyList = (...keys: (readonly unknown[])[]): string[] => keys.map((k) => JSON.stringify(k)).sort();
