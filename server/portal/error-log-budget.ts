import type { Queryable } from '../db/database.ts';
import type { RateLimits } from '../http/protections.ts';
import { DatabaseRateLimitStore } from '../http/rate-limit-store.ts';

/** A per-client allowance of bytes in a fixed one-minute window. */
export interface ByteBudget {
  /** Counts `bytes` for the client; answers 0 when they fit its budget, else the seconds until its window ends. */
  take(client: string, bytes: number): Promise<number>;
}

const WINDOW_MS = 60_000;
/** Clients remembered at most by the in-process budget; past it the earliest windows are forgotten. */
const MAX_CLIENTS = 10_000;

/**
 * The budget as the request limits are kept (server/http/protections.ts): none when they are off,
 * in this process when `on`, in the database's `rate_limits` table when `shared` (several
 * processes on one PostgreSQL count a client's bytes together).
 */
export function byteBudget(limits: RateLimits, db: Queryable, perMinute: number, name: string): ByteBudget {
  if (limits === 'off') return { take: async () => 0 };
  return limits === 'shared' ? new DatabaseByteBudget(db, perMinute, `bytes ${name}|`) : new LocalByteBudget(perMinute);
}

/** Counts in this process: a map of clients to their window, bounded and swept as it fills. */
export class LocalByteBudget implements ByteBudget {
  private readonly windows = new Map<string, { bytes: number; end: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  async take(client: string, bytes: number): Promise<number> {
    const now = this.now();
    let w = this.windows.get(client);
    if (!w || w.end <= now) {
      if (w) this.windows.delete(client);
      else if (this.windows.size >= MAX_CLIENTS) this.sweep(now);
      w = { bytes: 0, end: now + WINDOW_MS };
      this.windows.set(client, w);
    }
    w.bytes += bytes;
    return w.bytes <= this.perMinute ? 0 : Math.max(1, Math.ceil((w.end - now) / 1000));
  }

  /** Forgets the ended windows, and the earliest begun ones while still full (Map keeps insertion order). */
  private sweep(now: number): void {
    for (const [client, w] of this.windows) if (w.end <= now) this.windows.delete(client);
    for (const client of this.windows.keys()) {
      if (this.windows.size < MAX_CLIENTS) break;
      this.windows.delete(client);
    }
  }
}

/**
 * Counts in the `rate_limits` table (migration 040) beside the request counters, by their store
 * (server/http/rate-limit-store.ts: the same fixed-window upsert and sweep), adding bytes instead of one.
 */
export class DatabaseByteBudget implements ByteBudget {
  private readonly counters: DatabaseRateLimitStore;

  constructor(
    db: Queryable,
    private readonly perMinute: number,
    prefix: string,
  ) {
    this.counters = new DatabaseRateLimitStore(db, prefix);
  }

  async take(client: string, bytes: number): Promise<number> {
    const { current, ttl } = await this.counters.add(client, bytes, WINDOW_MS);
    return current <= this.perMinute ? 0 : Math.max(1, Math.ceil(ttl / 1000));
  }
}
