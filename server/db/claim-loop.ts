import type { Database, Queryable } from './database.ts';
import { isDatabaseOutage } from '../outage/unavailable.ts';

/**
 * Works through due rows one transaction each: `claim` locks one (`for update skip locked`, so
 * several processes share the queue without running a row twice), `run` does its work in the
 * same transaction, and the claim, the work and its bookkeeping commit together. When `run`
 * throws, the transaction rolls back and `failed` records the failure outside it (so one bad
 * row cannot hold the queue). The database's outage is not the row's failure: the row stays due,
 * uncounted, and the error ends this drain (the worker tries again at its next tick). Returns how
 * many rows `run` finished.
 */
export async function drainClaims<T>(
  db: Database,
  claim: (tx: Queryable) => Promise<T | undefined>,
  run: (tx: Queryable, item: T) => Promise<void>,
  failed: (item: T, err: unknown) => Promise<void>,
): Promise<number> {
  let done = 0;
  for (;;) {
    let current: T | undefined;
    const claimed = await db
      .transaction(async (tx) => {
        current = await claim(tx);
        if (current === undefined) return false;
        await run(tx, current);
        done += 1;
        current = undefined;
        return true;
      })
      .catch(async (err: unknown) => {
        if (current === undefined || isDatabaseOutage(err)) throw err;
        await failed(current, err);
        return true;
      });
    if (!claimed) return done;
  }
}

/**
 * Runs `work` every `intervalMs`, one run at a time; a run that throws is logged and the next
 * tick runs again (during the database's outage, one line a tick rather than a stack). The
 * returned function stops it and waits for a run in progress.
 */
export function startIntervalWorker(name: string, work: () => Promise<unknown>, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = work()
      .catch((err: unknown) => console.error(name, isDatabaseOutage(err) ? (err as Error).message : err))
      .finally(() => {
        busy = false;
      });
  };
  const handle = setInterval(tick, intervalMs);
  return async () => {
    clearInterval(handle);
    await running;
  };
}
