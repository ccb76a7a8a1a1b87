import { useQuery } from '@tanstack/react-query';
import { LOOKUP_CAP } from '../../engine/index.ts';
import type { DataProvider, LookupOption } from '../env/data-provider.ts';
import { lookupKey } from '../env/query-keys.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';

/**
 * A lookup source's options, as one query: loaded once per language and page view (the sources
 * change rarely; reloading the page loads them again), shared by every field and page using it.
 */
export function lookupQuery(data: DataProvider, lang: string, name: string, context?: Readonly<Record<string, string>>, q?: string) {
  const asked = context && Object.keys(context).length ? context : undefined;
  const key = q ? [...lookupKey(name, lang, asked), { q }] : lookupKey(name, lang, asked);
  return { queryKey: key, queryFn: () => data.lookup({ name, ...(asked ? { context: asked } : {}), ...(q ? { q } : {}) }), staleTime: Infinity } as const;
}

/** The most options a source answers at once (server/lookups): a full answer may hold only the first, so typing searches the server. */
export { LOOKUP_CAP };

export interface LookupState {
  options: LookupOption[];
  loading: boolean;
  error: boolean;
}

const NONE: LookupOption[] = [];

/**
 * The options of a server lookup source (empty while loading); `undefined` name loads nothing;
 * `context`: what the source is told of the document (`x-lookupContext`), asked again when it changes;
 * `q`: a text the server searches for (all records, not only the newest LOOKUP_CAP).
 */
export function useLookupOptions(name: string | undefined, context?: Readonly<Record<string, string>>, q?: string): LookupState {
  const { data, lang } = useRendererEnv();
  const query = useQuery({ ...lookupQuery(data, lang, name ?? '', context, q), enabled: Boolean(name), placeholderData: (previous) => previous });
  return { options: query.data ?? NONE, loading: Boolean(name) && query.isPending, error: query.isError };
}

/** The label of a lookup value (of each value of a list, comma-separated), or the value itself until the options arrive. */
export function lookupLabel(options: readonly LookupOption[], value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => lookupLabel(options, v)).join(', ');
  const key = String(value);
  return options.find((o) => o.value === key)?.label ?? key;
}
