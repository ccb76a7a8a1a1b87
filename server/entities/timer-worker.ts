import type { EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { drainClaims, startIntervalWorker, type WorkerContext } from '../db/claim-loop.ts';
import type { AppMetrics } from '../observe/metrics.ts';
import { withRequestId } from '../observe/request-context.ts';
import { EntityService } from './service.ts';
import { claimDueRecord, postponeTimers, setTimers } from './timers-repo.ts';

/** How long a record whose timer failed to fire waits before the next attempt. */
const RETRY_SECONDS = 60;

/**
 * Fires every timer due now, one record per transaction: the claim (`for update skip locked`),
 * the transition, the timers and the audit row commit together, so with several server
 * processes on one database each timer fires exactly once, and a crash before the commit leaves
 * it due. The firing runs as part of the request that set the timer (its effects and mail carry its
 * id) and is logged with it. Returns how many records moved.
 */
export async function fireDueTimers(db: Database, registry: EntityRegistry, service = new EntityService(db), ctx: WorkerContext & { metrics?: AppMetrics } = {}): Promise<number> {
  let fired = 0;
  await drainClaims(
    db,
    claimDueRecord,
    (tx, due) =>
      withRequestId(due.requestId, async () => {
        if (!registry.has(due.entity)) return setTimers(tx, due.id, []);
        if (!(await service.fireTimer(tx, registry.get(due.entity), due.id, due.timers))) return;
        fired += 1;
        ctx.metrics?.timerFirings.inc({ outcome: 'fired' });
        ctx.log?.info({ reqId: due.requestId, recordId: due.id, entity: due.entity }, 'timer fired');
      }),
    async (due, err) => {
      ctx.metrics?.timerFirings.inc({ outcome: 'failed' });
      if (ctx.log) ctx.log.error({ reqId: due.requestId, recordId: due.id, err }, `timer failed; retrying in ${RETRY_SECONDS} s`);
      else console.error(`timer of record ${due.id} failed; retrying in ${RETRY_SECONDS} s`, err);
      await postponeTimers(db, due.id, RETRY_SECONDS);
    },
    ctx.signal,
  );
  return fired;
}

/** Runs `fireDueTimers` every `intervalMs` (one run at a time); the returned function stops it and waits for a run in progress. */
export function startTimerWorker(db: Database, registry: EntityRegistry, intervalMs = 1000, ctx: Omit<WorkerContext, 'signal'> & { metrics?: AppMetrics } = {}): () => Promise<void> {
  return startIntervalWorker('timer worker', (signal) => fireDueTimers(db, registry, new EntityService(db), { ...ctx, signal }), intervalMs, ctx.log);
}
