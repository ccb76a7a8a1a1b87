/**
 * A promise whose outcome can be read at once after it has settled, in React's own convention
 * (`use` reads `status` and `value`): a component that asks for what has arrived renders it in
 * the same pass instead of suspending.
 */
export type Settling<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** Marks `promise` with its outcome as it settles (the same object, returned). */
export function settling<T>(promise: Promise<T>): Settling<T> {
  const marked = promise as Settling<T>;
  if (marked.status) return marked;
  marked.status = 'pending';
  marked.then(
    (value) => {
      marked.status = 'fulfilled';
      marked.value = value;
    },
    (reason: unknown) => {
      marked.status = 'rejected';
      marked.reason = reason;
    },
  );
  return marked;
}

const loads = new WeakMap<() => Promise<unknown>, Settling<unknown>>();

/** Calls `load` once and keeps its promise (marked); a failed load is asked again by the next caller. */
export function loadOnce<T>(load: () => Promise<T>): Settling<T> {
  let loading = loads.get(load) as Settling<T> | undefined;
  if (!loading || loading.status === 'rejected') {
    loading = settling(load());
    loads.set(load, loading);
  }
  return loading;
}

/** True when every one of `loads` has arrived. */
export const allFulfilled = (...loads: readonly Settling<unknown>[]) => loads.every((l) => l.status === 'fulfilled');

/** What `load` gave, when a caller of `loadOnce` has asked for it and it has arrived; else undefined (nothing is asked). */
export function loadedNow<T>(load: () => Promise<T>): T | undefined {
  const loading = loads.get(load) as Settling<T> | undefined;
  return loading?.status === 'fulfilled' ? loading.value : undefined;
}
