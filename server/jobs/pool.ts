import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import { ApiError, BusyError } from '../http/errors.ts';
import { JOBS, type JobInput, type JobName, type JobOutput, type JobRef } from './registry.ts';

/**
 * The heavy work on user input (docs/architecture.md, "Job pool"): checking and compiling designer
 * and imported schemas, reading spreadsheets, rendering PDFs, writing xlsx exports. It runs in
 * worker threads of a piscina pool (a maintained pool: a worker that is stopped or dies is replaced),
 * never on the event loop, each job within limits:
 * - time: a job still running `timeMs` after it started (its wait in the queue and the loading of
 *   its module not counted) is aborted: its worker is terminated and replaced. 422 JOB_TIME_LIMIT.
 * - memory: each worker's heap is capped (`resourceLimits`); past it the worker dies
 *   (ERR_WORKER_OUT_OF_MEMORY), is replaced, and the job fails with 413 JOB_MEMORY_LIMIT.
 * - queue: at most `maxQueue` jobs wait for a thread; one more is refused at once with 503
 *   JOB_QUEUE_FULL and Retry-After, instead of waiting without end.
 * The threads start with the first job (an app that runs none starts none) and end with the app.
 */
export interface JobLimits {
  /** Worker threads (JOB_THREADS): 1 on a machine of 2 cores or fewer, else 2. */
  threads: number;
  /** Each worker's old-generation heap cap in MB (JOB_HEAP_MB): 256. */
  heapMb: number;
  /** A job's time limit in ms from its start in a worker (JOB_TIME_LIMIT_MS): 20 000. */
  timeMs: number;
  /** Jobs that may wait for a thread (JOB_QUEUE): 16. */
  maxQueue: number;
  /**
   * How much lower the workers' CPU priority is than the request thread's (JOB_NICE, Linux `nice`
   * through piscina's niceIncrement): 0, and 19 under `npm start`. On a busy machine a heavy job
   * then takes the cores the requests leave, instead of halving their share (issue 52's bench:
   * reads while hostile templates are checked). 0 keeps the same priority.
   */
  nice: number;
}

export const DEFAULT_JOB_LIMITS: JobLimits = {
  threads: availableParallelism() <= 2 ? 1 : 2,
  heapMb: 256,
  timeMs: 20_000,
  maxQueue: 16,
  // Tests (and other callers of startServer) keep one priority: on a machine saturated by other processes, a niced
  // job could wait past its time limit. `npm start` asks for NPM_START_JOB_NICE unless JOB_NICE says otherwise.
  nice: 0,
};

/**
 * The job threads' lower priority under `npm start` (server/start.ts) unless JOB_NICE is set: the
 * lowest. A niced thread is slowed only while every core is busy with work of higher priority, so
 * on a server with a core to spare jobs run at full speed; on a saturated one they wait (and past
 * their time limit answer 503) rather than take time from requests. Issue 52's bench, hostile
 * templates beside record reads on 2 cores: read p99 about 2.1× the quiet figure at 10, 1.4–1.9× at 19.
 */
export const NPM_START_JOB_NICE = 19;

const ENV: Record<keyof JobLimits, string> = { threads: 'JOB_THREADS', heapMb: 'JOB_HEAP_MB', timeMs: 'JOB_TIME_LIMIT_MS', maxQueue: 'JOB_QUEUE', nice: 'JOB_NICE' };

/** The limits set in the environment (JOB_THREADS, JOB_HEAP_MB, JOB_TIME_LIMIT_MS, JOB_QUEUE, JOB_NICE); a value that is not a whole number ≥ 1 (JOB_NICE: 0 to 19) is refused with its name. */
export function jobLimitsFromEnv(env: Record<string, string | undefined>): Partial<JobLimits> {
  const out: Partial<JobLimits> = {};
  for (const key of Object.keys(ENV) as (keyof JobLimits)[]) {
    const given = env[ENV[key]]?.trim();
    if (!given) continue;
    const n = Number(given);
    if (key === 'nice' ? !Number.isInteger(n) || n < 0 || n > 19 : !Number.isInteger(n) || n < 1) {
      throw new Error(key === 'nice' ? `${ENV[key]} must be a whole number from 0 to 19, not "${given}"` : `${ENV[key]} must be a whole number of 1 or more, not "${given}"`);
    }
    out[key] = n;
  }
  return out;
}

export interface RunOptions {
  /** The user's error when the job fails otherwise than by a limit or a refusal (a library throwing on a crafted file); thrown as it is unless given. */
  crashed?: () => ApiError;
}

/** What the worker answers (server/jobs/worker.mjs): the value, or the user's error as plain data. */
type Reply<T> = { value: T } | { refused: { status: number; code: ApiError['code']; params: Record<string, string | number>; errors?: ApiError['errors'] } };

/** The product's jobs by name (server/jobs/registry.ts). */
export interface Jobs {
  run<K extends JobName>(name: K, input: JobInput<K>, opts?: RunOptions): Promise<JobOutput<K>>;
}

const WORKER = new URL('./worker.mjs', import.meta.url).href;

export class JobPool implements Jobs {
  readonly limits: JobLimits;
  private pool: Piscina | undefined;
  private closed = false;
  /** Jobs accepted and not settled: running ones and waiting ones. */
  private active = 0;

  constructor(limits: Partial<JobLimits> = {}) {
    this.limits = { ...DEFAULT_JOB_LIMITS, ...limits };
  }

  run<K extends JobName>(name: K, input: JobInput<K>, opts: RunOptions = {}): Promise<JobOutput<K>> {
    return this.runJob(JOBS[name], input, opts) as Promise<JobOutput<K>>;
  }

  /** Any exported function of a module as a job (the product's go through `run`; tests bring their own). */
  async runJob(ref: JobRef, input: unknown, opts: RunOptions = {}): Promise<unknown> {
    if (this.closed) throw new BusyError('JOB_FAILED', {}, this.retryAfter());
    // Counted here: piscina puts a job that has an abort signal in a queue its own maxQueue does not bound.
    if (this.active >= this.limits.threads + this.limits.maxQueue) throw this.queueFull();
    const pool = this.started();
    const timeout = new AbortController();
    // The worker says when the job starts (its module loaded): the time limit runs from then.
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => timeout.abort(), this.limits.timeMs);
    });
    let reply: Reply<unknown>;
    this.active += 1;
    try {
      reply = (await pool.run({ module: ref.module, fn: ref.fn, input, started: port2 }, { signal: timeout.signal, transferList: [port2] })) as Reply<unknown>;
    } catch (err) {
      throw this.failure(err, timeout.signal, opts);
    } finally {
      this.active -= 1;
      clearTimeout(timer);
      port1.close();
    }
    if ('refused' in reply) {
      const r = reply.refused;
      throw new ApiError(r.status, r.code, r.params, r.errors);
    }
    return reply.value;
  }

  /** Jobs running and waiting (for health reports and tests). */
  get load(): { threads: number; jobs: number } {
    return { threads: this.pool?.threads.length ?? 0, jobs: this.active };
  }

  /** Whether it takes a job now: not closed, its queue not full (readiness: /readyz). */
  get accepting(): boolean {
    return !this.closed && this.active < this.limits.threads + this.limits.maxQueue;
  }

  /** Ends the threads; a job still running fails (503 JOB_FAILED). */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
    this.pool = undefined;
  }

  private started(): Piscina {
    this.pool ??= new Piscina({
      filename: WORKER,
      name: 'default',
      minThreads: this.limits.threads,
      maxThreads: this.limits.threads,
      maxQueue: this.limits.maxQueue,
      idleTimeout: 60_000,
      niceIncrement: this.limits.nice,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(this.limits.heapMb / 8))) },
    });
    return this.pool;
  }

  private failure(err: unknown, signal: AbortSignal, opts: RunOptions): unknown {
    const e = err as NodeJS.ErrnoException | undefined;
    if (signal.aborted) return new ApiError(422, 'JOB_TIME_LIMIT', { seconds: +(this.limits.timeMs / 1000).toFixed(1) });
    if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new ApiError(413, 'JOB_MEMORY_LIMIT', { mb: this.limits.heapMb });
    if (e?.message === 'Task queue is at limit') return this.queueFull();
    // The pool closing under the job, or its worker exiting: the server's state, not the input's.
    if (e?.message === 'Terminating worker thread' || /^worker exited with code/.test(e?.message ?? '') || this.closed) return new BusyError('JOB_FAILED', {}, this.retryAfter());
    return opts.crashed?.() ?? err;
  }

  private queueFull(): BusyError {
    return new BusyError('JOB_QUEUE_FULL', { queued: this.limits.maxQueue, seconds: this.retryAfter() }, this.retryAfter());
  }

  /** Seconds a refused client waits before trying again: about one job's time limit, 1 to 60. */
  private retryAfter(): number {
    return Math.min(60, Math.max(1, Math.ceil(this.limits.timeMs / 1000)));
  }
}
