import type { EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { drainClaims, startIntervalWorker } from '../db/claim-loop.ts';
import { EntityService } from './service.ts';
import { claimDueRecord, postponeTimers, setTimers } from './timers-repo.ts';

/** How long a record whose timer failed to fire waits before the next attempt. */
const RETRY_SECONDS = 60;

/**
 * Fires every timer due now, one record per transaction: the claim (`for update skip locked`),
 * the transition, the timers and the audit row commit together, so with several server
 * processes on one database each timer fires exactly once, and a crash before the commit leaves
 * it due. Returns how many records moved.
 */
export async function fireDueTimers(db: Database, registry: EntityRegistry, service = new EntityService(db)): Promise<number> {
  let fired = 0;
  await drainClaims(
    db,
    claimDueRecord,
    async (tx, due) => {
      if (!registry.has(due.entity)) await setTimers(tx, due.id, []);
      else if (await service.fireTimer(tx, registry.get(due.entity), due.id, due.timers)) fired += 1;
    },
    async (due, err) => {
      console.error(`timer of record ${due.id} failed; retrying in ${RETRY_SECONDS} s`, err);
      await postponeTimers(db, due.id, RETRY_SECONDS);
    },
  );
  return fired;
}

/** Runs `fireDueTimers` every `intervalMs` (one run at a time); the returned function stops it and waits for a run in progress. */
export function startTimerWorker(db: Database, registry: EntityRegistry, intervalMs = 1000): () => Promise<void> {
  return startIntervalWorker('timer worker', () => fireDueTimers(db, registry), intervalMs);
}
