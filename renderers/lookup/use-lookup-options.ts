import { useEffect, useState } from 'react';
import type { DataProvider, LookupOption } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';

/** Lookup answers per data provider, language and source: each list loads once per page view. */
const cache = new WeakMap<DataProvider, Map<string, Promise<LookupOption[]>>>();

export function loadLookup(data: DataProvider, lang: string, name: string): Promise<LookupOption[]> {
  let byKey = cache.get(data);
  if (!byKey) cache.set(data, (byKey = new Map()));
  const key = `${lang}|${name}`;
  let found = byKey.get(key);
  if (!found) {
    found = data.lookup(name);
    byKey.set(key, found);
    found.catch(() => byKey.delete(key));
  }
  return found;
}

export interface LookupState {
  options: LookupOption[];
  loading: boolean;
  error: boolean;
}

/** The options of a server lookup source (empty while loading); `undefined` name loads nothing. */
export function useLookupOptions(name: string | undefined): LookupState {
  const { data, lang } = useRendererEnv();
  const [state, setState] = useState<LookupState>({ options: [], loading: Boolean(name), error: false });
  useEffect(() => {
    if (!name) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: false }));
    loadLookup(data, lang, name).then(
      (options) => live && setState({ options, loading: false, error: false }),
      () => live && setState({ options: [], loading: false, error: true }),
    );
    return () => {
      live = false;
    };
  }, [data, lang, name]);
  return state;
}

/** The label of a lookup value, or the value itself until the options arrive. */
export function lookupLabel(options: readonly LookupOption[], value: unknown): string {
  const key = String(value);
  return options.find((o) => o.value === key)?.label ?? key;
}
