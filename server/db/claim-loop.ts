import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from './database.ts';
import { isDatabaseOutage } from '../outage/unavailable.ts';

/**
 * Works through due rows one transaction each: `claim` locks one (`for update skip locked`, so
 * several processes share the queue without running a row twice), `run` does its work in the
 * same transaction, and the claim, the work and its bookkeeping commit together. When `run`
 * throws, the transaction rolls back and `failed` records the failure outside it (so one bad
 * row cannot hold the queue). The database's outage is not the row's failure: the row stays due,
 * uncounted, and the error ends this drain (the worker tries again at its next tick). Once
 * `signal` is aborted (the server stopping) no further row is claimed: the one in progress
 * commits, the others stay due, unclaimed, for another process or the next start. Returns how
 * many rows `run` finished.
 */
export async function drainClaims<T>(
  db: Database,
  claim: (tx: Queryable) => Promise<T | undefined>,
  run: (tx: Queryable, item: T) => Promise<void>,
  failed: (item: T, err: unknown) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  let done = 0;
  for (;;) {
    if (signal?.aborted) return done;
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

/** What a worker reports to: the server's logger (JSON lines) and its stop signal. */
export interface WorkerContext {
  /** The app's logger (`app.log`); none: errors go to standard error as before. */
  log?: FastifyBaseLogger;
  /** Aborted when the server stops: a worker finishes the row in hand and claims no more. */
  signal?: AbortSignal;
}

/**
 * Runs `work` every `intervalMs`, one run at a time; a run that throws is logged and the next
 * tick runs again (during the database's outage, one line a tick rather than a stack). The
 * returned function stops it: `work`'s signal is aborted (it claims no more) and a run in
 * progress is waited for.
 */
export function startIntervalWorker(name: string, work: (signal: AbortSignal) => Promise<unknown>, intervalMs: number, log?: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const stopping = new AbortController();
  const report = (err: unknown) => {
    const outage = isDatabaseOutage(err);
    if (log) log.error({ worker: name, ...(outage ? { outage: (err as Error).message } : { err }) }, 'worker run failed');
    else console.error(name, outage ? (err as Error).message : err);
  };
  const tick = () => {
    if (busy || stopping.signal.aborted) return;
    busy = true;
    running = work(stopping.signal)
      .catch(report)
      .finally(() => {
        busy = false;
      });
  };
  const handle = setInterval(tick, intervalMs);
  return async () => {
    stopping.abort();
    clearInterval(handle);
    await running;
  };
}
