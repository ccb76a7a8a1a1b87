import { availableParallelism } from 'node:os';

/**
 * How many server processes `npm start` runs (WORKERS, 1 unless set). Several need PostgreSQL
 * (DATABASE_URL): the embedded PGlite database is one process's files, which a second process
 * cannot open, so WORKERS > 1 without DATABASE_URL is refused with the reason.
 */
export function workerCount(env: Record<string, string | undefined>): number {
  const given = env.WORKERS?.trim();
  if (!given) return 1;
  const n = given === 'auto' ? availableParallelism() : Number(given);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WORKERS must be a whole number of processes (1 or more) or "auto", not "${given}"`);
  if (n > 1 && !env.DATABASE_URL) {
    throw new Error(`WORKERS=${given} needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process. Unset WORKERS, or set DATABASE_URL (docs/deployment.md).`);
  }
  return n;
}

