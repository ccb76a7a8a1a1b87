import type { Database, Queryable } from '../db/database.ts';
import { drainClaims, startIntervalWorker } from '../db/claim-loop.ts';
import { claimDueEffect, markDone, markFailedAttempt, type EffectRow } from './effects-repo.ts';

/** Runs one kind of declared effect (docs/declarations.md §4). */
export interface EffectHandler {
  /**
   * Why this handler cannot run the effect a machine declares (the server refuses to start with
   * such a machine), or undefined when it can. `params`: the emitted event's fields.
   */
  accepts(machine: string, params: Record<string, unknown>): string | undefined;
  /** Does the work in the worker's transaction, which also marks the effect done. Throws to retry. */
  run(tx: Queryable, effect: EffectRow): Promise<void>;
}

export type EffectHandlers = Readonly<Record<string, EffectHandler>>;

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
  ) {}

  /** Why the server cannot run an effect a machine declares; undefined when it can. */
  accepts(machine: string, kind: string, params: Record<string, unknown>): string | undefined {
    const handler = Object.hasOwn(this.handlers, kind) ? this.handlers[kind] : undefined;
    if (!handler) return `the server has no handler for the effect '${kind}' (handlers: ${Object.keys(this.handlers).join(', ')})`;
    return handler.accepts(machine, params);
  }

  /** Runs every due effect; returns how many were done. */
  runDue(): Promise<number> {
    return drainClaims(
      this.db,
      claimDueEffect,
      async (tx, effect) => {
        const handler = Object.hasOwn(this.handlers, effect.kind) ? this.handlers[effect.kind] : undefined;
        if (!handler) throw new PermanentEffectError(`no handler for the effect '${effect.kind}'`);
        await handler.run(tx, effect);
        await markDone(tx, effect.id);
      },
      async (effect, err) => {
        const attempts = effect.attempts + 1;
        const last = err instanceof PermanentEffectError || attempts >= MAX_EFFECT_ATTEMPTS;
        if (!last) console.error(`effect ${effect.id} (${effect.kind}) failed; retrying in ${retryDelaySeconds(attempts)} s`, err);
        await markFailedAttempt(this.db, effect.id, String(err instanceof Error ? err.message : err), last ? null : retryDelaySeconds(attempts));
      },
    );
  }

  /**
   * Called after a transaction that wrote effects has committed: runs them now rather than at
   * the worker's next tick. A failure stays with the effect (retried by the worker), never with
   * the request that caused it.
   */
  async afterCommit(): Promise<void> {
    await this.runDue().catch((err: unknown) => console.error('effects', err));
  }
}

/** Runs `runner.runDue` every `intervalMs`; the returned function stops it and waits for a run in progress. */
export function startEffectWorker(runner: EffectRunner, intervalMs = 1000): () => Promise<void> {
  return startIntervalWorker('effect worker', () => runner.runDue(), intervalMs);
}
