import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * @fastify/under-pressure's handler for this route: `passUnderPressure` on the routes that
     * answer whatever the load (the health route, the client's files).
     */
    pressureHandler?: (req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => Promise<void> | void;
  }
  interface FastifyInstance {
    /** The load figures of this process and whether it refuses requests now (`/api/health`). */
    pressureFigures(): PressureFigures;
  }
}

/** The limits past which the process answers 503; a limit absent or 0 is not checked. */
export interface PressureLimits {
  /** The event loop's mean delay over a sample, in milliseconds. */
  maxEventLoopDelayMs?: number;
  /** V8's heap in use, in bytes. */
  maxHeapUsedBytes?: number;
  /** The process's resident set, in bytes. */
  maxRssBytes?: number;
  /** The event loop's utilization over a sample, from 0 to 1. */
  maxEventLoopUtilization?: number;
  /** The `Retry-After` of a refusal, in seconds (10 unless given). */
  retryAfterSeconds?: number;
  /**
   * How often the figures are sampled, in milliseconds: 1000, or the event-loop limit if longer,
   * unless given. A sample in which the loop never turned counts as past any event-loop limit
   * (@fastify/under-pressure's rule), which is only right when the sample is at least that limit.
   */
  sampleIntervalMs?: number;
}

/** The limits, or `off`: nothing refused or sampled, the memory and utilization figures still reported. */
export type Pressure = PressureLimits | 'off';

/** What `/api/health` reports (sampled every `sampleIntervalMs`). */
export interface PressureFigures {
  underPressure: boolean;
  /** Null when not measured: back-pressure off, or the loop blocked for a whole sample. */
  eventLoopDelayMs: number | null;
  eventLoopUtilization: number;
  heapUsedBytes: number;
  rssBytes: number;
}

/** The JSON Schema of `PressureFigures`, for the health route's answer. */
export const PRESSURE_FIGURES_SCHEMA = {
  underPressure: { type: 'boolean' },
  eventLoopDelayMs: { type: ['number', 'null'] },
  eventLoopUtilization: { type: 'number' },
  heapUsedBytes: { type: 'integer' },
  rssBytes: { type: 'integer' },
} as const;

const MB = 1024 * 1024;

/**
 * The product's limits: a mean event-loop delay of a second, 85% of V8's heap limit (past it the
 * collector runs almost without pause), no RSS or utilization limit (they depend on the machine).
 */
export function defaultPressureLimits(): PressureLimits {
  return { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.85), retryAfterSeconds: 10 };
}

/** A number of the environment, `fallback` when unset; an unreadable or out-of-range value stops start-up. */
function envNumber(env: Record<string, string | undefined>, name: string, fallback: number | undefined, max = Infinity): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`${name}=${raw}: expected a number ${max === Infinity ? 'of 0 or more' : `from 0 to ${max}`}`);
  return value;
}

/**
 * The limits configured in the environment (docs/deployment.md, Back-pressure): PRESSURE=off, or
 * PRESSURE_MAX_EVENT_LOOP_DELAY_MS, PRESSURE_MAX_HEAP_MB, PRESSURE_MAX_RSS_MB,
 * PRESSURE_MAX_EVENT_LOOP_UTILIZATION, PRESSURE_RETRY_AFTER_S over the defaults; 0 turns a limit off.
 */
export function pressureFromEnv(env: Record<string, string | undefined>): Pressure {
  if (env.PRESSURE?.trim() === 'off') return 'off';
  const defaults = defaultPressureLimits();
  const heapMb = envNumber(env, 'PRESSURE_MAX_HEAP_MB', undefined);
  const rssMb = envNumber(env, 'PRESSURE_MAX_RSS_MB', undefined);
  return {
    maxEventLoopDelayMs: envNumber(env, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS', defaults.maxEventLoopDelayMs),
    maxHeapUsedBytes: heapMb === undefined ? defaults.maxHeapUsedBytes : Math.floor(heapMb * MB),
    maxRssBytes: rssMb === undefined ? undefined : Math.floor(rssMb * MB),
    maxEventLoopUtilization: envNumber(env, 'PRESSURE_MAX_EVENT_LOOP_UTILIZATION', undefined, 1),
    retryAfterSeconds: Math.max(1, Math.ceil(envNumber(env, 'PRESSURE_RETRY_AFTER_S', defaults.retryAfterSeconds) ?? 10)),
  };
}

/** The route option of a route served whatever the load: the request goes on as if no limit were passed. */
export const passUnderPressure = (): undefined => undefined;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The figures with back-pressure off: memory read when asked, utilization since the last asking, no delay measured. */
function unsampledFigures(): () => PressureFigures {
  let since = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, since);
    since = now;
    const { heapUsed, rss } = process.memoryUsage();
    return { underPressure: false, eventLoopDelayMs: null, eventLoopUtilization: round(utilization, 3), heapUsedBytes: heapUsed, rssBytes: rss };
  };
}

/**
 * Back-pressure (@fastify/under-pressure): past a limit every request is refused with a 503, a
 * `Retry-After` and SERVER_BUSY in the request's language, before its session is read, instead of
 * making every request slower; routes configured with `passUnderPressure` are served. The first
 * two samples after the app is ready only report: the app's own start (compiling the routes'
 * schemas) must not make it refuse its first requests. Register before the session hook.
 */
export async function installBackPressure(app: FastifyInstance, pressure: Pressure): Promise<void> {
  // Off, the plugin is not registered: its event-loop histogram is never disabled, even when the
  // app closes (under-pressure 9.2), which would leave one ticking per app a test process builds.
  if (pressure === 'off') return void app.decorate('pressureFigures', unsampledFigures());
  const limits = pressure;
  const retryAfter = limits.retryAfterSeconds ?? 10;
  const sampleInterval = limits.sampleIntervalMs ?? Math.max(1000, limits.maxEventLoopDelayMs ?? 0);
  const busy = new ApiError(503, 'SERVER_BUSY', { seconds: retryAfter });
  let armedAt = Infinity;
  app.addHook('onReady', async () => {
    armedAt = performance.now() + 2 * sampleInterval;
  });
  const armed = () => performance.now() >= armedAt;
  let warnedAt = -Infinity;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs ?? 0,
    maxHeapUsedBytes: limits.maxHeapUsedBytes ?? 0,
    maxRssBytes: limits.maxRssBytes ?? 0,
    maxEventLoopUtilization: limits.maxEventLoopUtilization ?? 0,
    eventLoopUtilizationMode: 'interval',
    sampleInterval,
    retryAfter,
    pressureHandler: (req, reply, type, value) => {
      if (!armed()) return;
      // One line per refusal period in the log, not one per refused request.
      if (performance.now() - warnedAt > retryAfter * 1000) {
        warnedAt = performance.now();
        req.log.warn({ type, value }, 'under pressure: answering 503');
      }
      reply.header('retry-after', String(retryAfter));
      // A rejection goes on to the error handler: the envelope in the request's language.
      return Promise.reject(busy);
    },
  });
  app.decorate('pressureFigures', (): PressureFigures => {
    const usage = app.memoryUsage();
    return {
      underPressure: armed() && app.isUnderPressure(),
      eventLoopDelayMs: Number.isFinite(usage.eventLoopDelay) ? round(usage.eventLoopDelay, 1) : null,
      eventLoopUtilization: round(usage.eventLoopUtilized, 3),
      heapUsedBytes: usage.heapUsed,
      rssBytes: usage.rssBytes,
    };
  });
}
