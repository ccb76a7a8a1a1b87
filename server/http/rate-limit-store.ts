import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database.ts';

type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the plugin passes `child` at run time: the route's merged limit settings with the route (its types say otherwise). */
type ChildParams = { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired windows are deleted every this many counts (by the process that counted them). */
const SWEEP_EVERY = 1000;
const TTL = 'greatest(0, ceil(extract(epoch from (window_end - now())) * 1000))::bigint as ttl';

/**
 * Rate-limit counters in the database (table rate_limits, migration 040), so every server
 * process behind a load balancer counts the same client's requests together: one upsert per
 * counted request, which starts a new fixed window when the stored one has ended. Each route's
 * counters are their own (the key starts with the route's method and pattern), as in the
 * plugin's in-memory store.
 */
export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  private counted = 0;

  constructor(
    private readonly db: Queryable,
    private readonly prefix = '',
  ) {}

  incr(key: string, done: Answer, timeWindow: number): void {
    this.add(key, 1, timeWindow).then((res) => done(null, res), (err: Error) => done(err));
  }

  /** Adds `amount` to the key's count in its window (a new window when the stored one has ended): the count so far and the window's milliseconds left. */
  async add(key: string, amount: number, timeWindow: number): Promise<{ current: number; ttl: number }> {
    if (++this.counted % SWEEP_EVERY === 0) void this.db.query("delete from rate_limits where window_end < now() - interval '1 minute'").catch(() => undefined);
    const { rows } = await this.db.query<{ hits: number; ttl: string | number }>(
      `insert into rate_limits (key, hits, window_end) values ($1, $3, now() + make_interval(secs => $2::double precision / 1000))
       on conflict (key) do update set
         hits = case when rate_limits.window_end <= now() then excluded.hits else least(rate_limits.hits::bigint + excluded.hits, 2147483647)::integer end,
         window_end = case when rate_limits.window_end <= now() then excluded.window_end else rate_limits.window_end end
       returning hits, ${TTL}`,
      [this.prefix + key, timeWindow, amount],
    );
    return rows[0] ? { current: rows[0].hits, ttl: Number(rows[0].ttl) } : { current: 0, ttl: 0 };
  }

  /** The count so far without counting (the plugin's `increment: false`). */
  read(key: string, done: Answer): void {
    this.answer(`select hits, ${TTL} from rate_limits where key = $1 and window_end > now()`, [this.prefix + key], done);
  }

  child(params: object): FastifyRateLimitStore {
    const route = (params as ChildParams).routeInfo;
    return new DatabaseRateLimitStore(this.db, `${this.prefix}${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}|`);
  }

  private answer(sql: string, params: unknown[], done: Answer): void {
    this.db.query<{ hits: number; ttl: string | number }>(sql, params).then(
      ({ rows }) => done(null, rows[0] ? { current: rows[0].hits, ttl: Number(rows[0].ttl) } : { current: 0, ttl: 0 }),
      (err: Error) => done(err),
    );
  }
}

/** The store class the plugin constructs (it passes its options; ours needs the database). */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(db);
    }
  };
}
