import { createContext, useContext, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { lookupContextValues } from '../../engine/index.ts';
import type { Doc } from './form-document.ts';

/**
 * The whole document of a form of several sections, for a field that depends on fields of other
 * sections (a lookup's `x-lookupContext`: a TRF sample's materials depend on the TRF's buyer). A
 * field subscribes to the values it needs and renders again only when they change, so typing
 * elsewhere in a large form costs it nothing.
 */
export interface DocumentStore {
  subscribe(listener: () => void): () => void;
  read(): Doc;
}

export const DocumentContext = createContext<DocumentStore | undefined>(undefined);

/** A form page's store: the stored (or preset) document under the sections' current data. */
export function useDocumentStore(base: Doc | undefined, parts: Record<string, Doc> | undefined): DocumentStore {
  const current = useRef<Doc>({});
  const listeners = useRef(new Set<() => void>());
  const store = useMemo<DocumentStore>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      read: () => current.current,
    }),
    [],
  );
  useLayoutEffect(() => {
    current.current = Object.assign({}, base, ...Object.values(parts ?? {})) as Doc;
    for (const listener of listeners.current) listener();
  }, [base, parts]);
  return store;
}

const NO_VALUES: Record<string, string> = {};

/** The document's values a lookup declares it depends on (`x-lookupContext`), stable while they are unchanged. */
export function useLookupContextValues(context: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const store = useContext(DocumentContext);
  const snapshot = () => (store && context ? JSON.stringify(lookupContextValues(context, store.read())) : '{}');
  const json = useSyncExternalStore(store?.subscribe ?? noSubscription, snapshot, snapshot);
  return useMemo(() => (json === '{}' ? NO_VALUES : (JSON.parse(json) as Record<string, string>)), [json]);
}

const noSubscription = () => () => undefined;
