import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LOOKUP_CAP } from '../../engine/index.ts';
import type { DataProvider, LookupOption } from '../env/data-provider.ts';
import { lookupKey } from '../env/query-keys.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { lookupQuery } from './use-lookup-options.ts';

type Context = Readonly<Record<string, string>> | undefined;

interface Batch {
  values: Set<string>;
  answer: Promise<LookupOption[]>;
}

/** The values asked of each source in the current task, per data provider: sent together as one request. */
const open = new WeakMap<DataProvider, Map<string, Batch>>();

/**
 * The option of a saved value, asked of the source by value (`values`, server/lookups): every value
 * asked during one task for the same source, language and context goes out as one request (a list
 * page's rows, a detail page's fields), at most LOOKUP_CAP values each. Null when the source does not
 * offer the value (a record since removed, a company no longer approved).
 */
export function optionByValue(data: DataProvider, lang: string, name: string, value: string, context?: Context): Promise<LookupOption | null> {
  const asked = context && Object.keys(context).length ? context : undefined;
  const key = JSON.stringify([name, lang, asked ?? null]);
  let batches = open.get(data);
  if (!batches) open.set(data, (batches = new Map()));
  let batch = batches.get(key);
  if (!batch || batch.values.size >= LOOKUP_CAP) {
    const values = new Set<string>();
    const answer = new Promise<LookupOption[]>((resolve, reject) => {
      setTimeout(() => {
        if (batches.get(key)?.values === values) batches.delete(key);
        data.lookup({ name, ...(asked ? { context: asked } : {}), values: [...values] }).then(resolve, reject);
      }, 0);
    });
    batches.set(key, (batch = { values, answer }));
  }
  batch.values.add(value);
  return batch.answer.then((options) => options.find((o) => o.value === value) ?? null);
}

/** The query of one value's option (cached per source, language, context and value). */
export function valueQuery(data: DataProvider, lang: string, name: string, value: string, context?: Context) {
  return { queryKey: [...lookupKey(name, lang, context), { value }], queryFn: () => optionByValue(data, lang, name, value, context), staleTime: Infinity } as const;
}

const NONE: LookupOption[] = [];

/**
 * The options of saved values (one, or a list's): from the source's first answer, and — when that
 * answer is full (LOOKUP_CAP: it may hold only the first) — those it lacks asked by value, so a
 * company past the first 200 shows its name, not its id. `context`: what the source is told of the document.
 */
export function useValueOptions(name: string | undefined, values: readonly string[], context?: Context): LookupOption[] {
  const { data, lang } = useRendererEnv();
  const asked = context && Object.keys(context).length ? context : undefined;
  const first = useQuery({ ...lookupQuery(data, lang, name ?? '', asked), enabled: Boolean(name) });
  const answer = first.data ?? NONE;
  const missing = useMemo(() => {
    if (!name || answer.length < LOOKUP_CAP) return [];
    const known = new Set(answer.map((o) => o.value));
    return [...new Set(values)].filter((v) => v && !known.has(v));
  }, [name, answer, values]);
  const found = useQueries({ queries: missing.map((v) => valueQuery(data, lang, name ?? '', v, asked)) });
  const extra = found.flatMap((q) => (q.data ? [q.data] : []));
  return extra.length ? [...answer, ...extra] : answer;
}

/**
 * The option of a value outside a component (a pick filling its sibling fields), from the same cache:
 * among the source's first answer, else asked of the source by the value (a pick found by what the
 * user typed, past the first LOOKUP_CAP options).
 */
export async function loadLookup(queries: QueryClient, data: DataProvider, lang: string, name: string, value: string): Promise<LookupOption | undefined> {
  const first = (await queries.fetchQuery(lookupQuery(data, lang, name))).find((o) => o.value === value);
  return first ?? (await queries.fetchQuery(valueQuery(data, lang, name, value))) ?? undefined;
}
