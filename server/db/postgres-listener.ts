import type postgres from 'postgres';

/** A channel name safe to LISTEN on unquoted-equivalent: lower-case letters, digits and `_` (quoted anyway). */
const channelOk = (channel: string) => /^[a-z0-9_]{1,63}$/.test(channel);

/** Opens the listener's own connection (postgres.js, one connection), telling it of each notification and of the connection's end. */
export type OpenListenConnection = (onNotify: (channel: string, payload: string) => void, onClose: () => void) => postgres.Sql;

/**
 * LISTEN/NOTIFY on a PostgreSQL server: one connection of its own (a pooled connection cannot hold
 * a LISTEN), opened at the first `listen`. When it drops, every channel is listened to again on a
 * new one, tried every second until that works (what was notified meanwhile is not replayed:
 * readers load what they missed from the tables). postgres.js's own `sql.listen` listens again
 * once only and drops its listeners if that fails, hence this class.
 */
export class PostgresListener {
  private sql?: postgres.Sql;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private retrying = false;

  constructor(private readonly open: OpenListenConnection) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    if (!channelOk(channel)) throw new Error(`bad channel name '${channel}'`);
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    if (first) await this.connection().unsafe(`listen "${channel}"`);
    return async () => {
      set.delete(onPayload);
      if (set.size || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      if (this.sql && !this.closed) await this.sql.unsafe(`unlisten "${channel}"`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    const sql = this.sql;
    this.sql = undefined;
    await sql?.end({ timeout: 0 }).catch(() => undefined);
  }

  /** The connection (postgres.js connects it at its first query, and again at the first query after it dropped). */
  private connection(): postgres.Sql {
    this.sql ??= this.open(
      (channel, payload) => {
        for (const handler of this.handlers.get(channel) ?? []) handler(payload);
      },
      () => this.dropped(),
    );
    return this.sql;
  }

  /** The connection dropped: listen again, after a second, and every second until that works. */
  private dropped(): void {
    if (this.closed || this.retrying) return;
    this.retrying = true;
    const retry = async () => {
      if (this.closed) return;
      try {
        for (const channel of this.handlers.keys()) await this.connection().unsafe(`listen "${channel}"`);
        this.retrying = false;
      } catch {
        setTimeout(() => void retry(), 1000).unref();
      }
    };
    setTimeout(() => void retry(), 1000).unref();
  }
}
