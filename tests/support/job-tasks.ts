import { threadId } from 'node:worker_threads';

/**
 * Jobs for the pool's own tests (tests/api/job-pool.test.ts), run by their module's URL
 * (JobPool.runJob): never part of the product's registry (server/jobs/registry.ts).
 */

/** The worker's thread id: a replaced worker has another. */
export function whoAmI(): { threadId: number } {
  return { threadId };
}

/** Busy for ever: only the pool's time limit stops it. */
export function spin(): never {
  for (;;) {
    // Burns the thread: Atomics.wait would let it sleep; this must not.
  }
}

/** Keeps allocating until the worker's heap cap stops it. */
export function hoard(): never {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i + kept.length));
}

/** Holds the thread for `ms` (without burning it), then answers. */
export async function hold(input: { ms: number }): Promise<string> {
  await new Promise((r) => setTimeout(r, input.ms));
  return 'held';
}
