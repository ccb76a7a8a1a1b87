/**
 * A set of CSS media queries as an external store for React's `useSyncExternalStore`: the
 * browser's `MediaQueryList`s are made once, on first use, and kept (a snapshot is read on every
 * render of its users). Where there is no `window.matchMedia` (tests without a browser) nothing
 * matches and nothing changes.
 */
export function mediaQueries(queries: readonly string[]) {
  let lists: MediaQueryList[] | undefined;
  const get = () => (lists ??= typeof window !== 'undefined' && window.matchMedia ? queries.map((q) => window.matchMedia(q)) : []);
  return {
    subscribe(onChange: () => void): () => void {
      const watched = get();
      for (const l of watched) l.addEventListener('change', onChange);
      return () => {
        for (const l of watched) l.removeEventListener('change', onChange);
      };
    },
    /** Whether each query matches now, in the order given. */
    matches: (): boolean[] => get().map((l) => l.matches),
  };
}
