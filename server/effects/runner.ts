import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { startIntervalWorker } from '../db/claim-loop.ts';
import { isDatabaseOutage } from '../outage/unavailable.ts';
import type { AppMetrics } from '../observe/metrics.ts';
import { withRequestId } from '../observe/request-context.ts';
import { claimDueEffect, leaseEffect, markDone, markFailedAttempt, relockLeased, type EffectRow } from './effects-repo.ts';

/** Runs one kind of declared effect (docs/declarations.md §4). */
export interface EffectHandler<Called = unknown> {
  /**
   * Why this handler cannot run the effect a machine declares (the server refuses to start with
   * such a machine), or undefined when it can. `params`: the emitted event's fields.
   */
  accepts(machine: string, params: Record<string, unknown>): string | undefined;
  /**
   * The part that talks to an outside service (the regulator), run with NO transaction open while
   * the effect is leased to this worker: on the embedded database one connection serves every
   * request, so a transaction held across a slow call would stall the whole portal. Reads through
   * `db`; what it returns is handed to `run`. Throws to retry.
   */
  call?(db: Queryable, effect: EffectRow): Promise<Called>;
  /** Does the work in the worker's transaction, which also marks the effect done. Throws to retry. */
  run(tx: Queryable, effect: EffectRow, called?: Called): Promise<void>;
}

export type EffectHandlers = Readonly<Record<string, EffectHandler>>;

/**
 * How long an effect with an outside call is leased to the worker that claimed it: no other
 * worker takes it meanwhile; if the process dies mid-call it is due again after this. Longer than
 * any adapter's own timeout, so a live call is never run twice at once.
 */
export const CALL_LEASE_SECONDS = 300;

/** An effect that no retry can mend (no handler, an unknown recipient): failed at once. */
export class PermanentEffectError extends Error {}

/** Attempts before an effect is failed for good. */
export const MAX_EFFECT_ATTEMPTS = 8;

/** The wait before the next attempt after `attempts` failed ones: 10 s, 20 s, 40 s … */
export const retryDelaySeconds = (attempts: number): number => 10 * 2 ** Math.max(0, attempts - 1);

/**
 * The effect worker: claims due effects (`for update skip locked`), runs each kind's handler in
 * the claiming transaction and marks it done there, so an effect whose handler writes to the
 * database (mail into the mail outbox) happens exactly once however many workers run. A failed
 * attempt is counted and retried with backoff, then failed for good.
 */
export class EffectRunner {
  constructor(
    private readonly db: Database,
    readonly handlers: EffectHandlers,
    /** Where each run is logged (with the request id that wrote the effect) and counted. */
    private readonly observe: { log?: FastifyBaseLogger; metrics?: AppMetrics } = {},
  ) {}

  /** Why the server cannot run an effect a machine declares; undefined when it can. */
  accepts(machine: string, kind: string, params: Record<string, unknown>): string | undefined {
    const handler = Object.hasOwn(this.handlers, kind) ? this.handlers[kind] : undefined;
    if (!handler) return `the server has no handler for the effect '${kind}' (handlers: ${Object.keys(this.handlers).join(', ')})`;
    return handler.accepts(machine, params);
  }

  /**
   * Runs every due effect; returns how many were done. Each is claimed (`for update skip locked`)
   * and run in the claiming transaction, which marks it done; one with an outside call is leased
   * and committed first, called with no transaction open, then finished in a second transaction.
   * Each runs as part of the request that wrote it (what it queues carries that request's id).
   * Once `signal` is aborted (the server stopping) no further effect is claimed.
   */
  async runDue(signal?: AbortSignal): Promise<number> {
    let done = 0;
    for (;;) {
      if (signal?.aborted) return done;
      let current: EffectRow | undefined;
      const step = await this.db
        .transaction(async (tx): Promise<'empty' | 'done' | 'leased'> => {
          current = await claimDueEffect(tx);
          if (!current) return 'empty';
          const handler = this.handlerOf(current);
          if (handler.call) {
            await leaseEffect(tx, current.id, CALL_LEASE_SECONDS);
            return 'leased';
          }
          const effect = current;
          await withRequestId(effect.requestId, () => handler.run(tx, effect));
          await markDone(tx, current.id);
          return 'done';
        })
        .catch(async (err: unknown): Promise<'failed'> => {
          // The database's outage is not the effect's failure: it stays due, its attempts uncounted.
          if (current === undefined || isDatabaseOutage(err)) throw err;
          await this.failed(current, err);
          return 'failed';
        });
      if (step === 'empty') return done;
      if (step === 'done') this.ran(current!);
      if (step === 'done' || (step === 'leased' && (await withRequestId(current!.requestId, () => this.runLeased(current!))))) done += 1;
    }
  }

  /** Logs and counts an effect done. */
  private ran(effect: EffectRow): void {
    this.observe.metrics?.effectRuns.inc({ kind: effect.kind, outcome: 'done' });
    this.observe.log?.info({ reqId: effect.requestId, effectId: effect.id, kind: effect.kind, subject: effect.subject, subjectId: effect.subjectId }, 'effect done');
  }

  private handlerOf(effect: EffectRow): EffectHandler {
    const handler = Object.hasOwn(this.handlers, effect.kind) ? this.handlers[effect.kind] : undefined;
    if (!handler) throw new PermanentEffectError(`no handler for the effect '${effect.kind}'`);
    return handler;
  }

  /** The outside call of a leased effect, then its writes in a transaction of their own; false when it failed. */
  private async runLeased(effect: EffectRow): Promise<boolean> {
    try {
      const handler = this.handlerOf(effect);
      const called = await handler.call!(this.db, effect);
      await this.db.transaction(async (tx) => {
        // Finished or failed meanwhile (a lease that ran out and another worker): nothing to write.
        if (!(await relockLeased(tx, effect.id))) return;
        await handler.run(tx, effect, called);
        await markDone(tx, effect.id);
      });
      this.ran(effect);
      return true;
    } catch (err) {
      // Leased and not finished: with the database down it is due again when the lease runs out.
      if (isDatabaseOutage(err)) throw err;
      await this.failed(effect, err);
      return false;
    }
  }

  private async failed(effect: EffectRow, err: unknown): Promise<void> {
    const attempts = effect.attempts + 1;
    const last = err instanceof PermanentEffectError || attempts >= MAX_EFFECT_ATTEMPTS;
    this.observe.metrics?.effectRuns.inc({ kind: effect.kind, outcome: last ? 'failed' : 'retry' });
    const line = { reqId: effect.requestId, effectId: effect.id, kind: effect.kind, attempts, err };
    if (this.observe.log) this.observe.log.warn(line, last ? 'effect failed for good' : `effect failed; retrying in ${retryDelaySeconds(attempts)} s`);
    else if (!last) console.error(`effect ${effect.id} (${effect.kind}) failed; retrying in ${retryDelaySeconds(attempts)} s`, err);
    await markFailedAttempt(this.db, effect.id, String(err instanceof Error ? err.message : err), last ? null : retryDelaySeconds(attempts));
  }

  /**
   * Called after a transaction that wrote effects has committed: runs them now rather than at
   * the worker's next tick. A failure stays with the effect (retried by the worker), never with
   * the request that caused it.
   */
  async afterCommit(): Promise<void> {
    await this.runDue().catch((err: unknown) => (this.observe.log ? this.observe.log.error({ err }, 'effects') : console.error('effects', err)));
  }
}

/** Runs `runner.runDue` every `intervalMs`; the returned function stops it and waits for a run in progress. */
export function startEffectWorker(runner: EffectRunner, intervalMs = 1000, log?: FastifyBaseLogger): () => Promise<void> {
  return startIntervalWorker('effect worker', (signal) => runner.runDue(signal), intervalMs, log);
}
