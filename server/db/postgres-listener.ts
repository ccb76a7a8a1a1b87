import pg from 'pg';

/** A channel name safe to LISTEN on unquoted-equivalent: lower-case letters, digits and `_` (quoted anyway). */
const channelOk = (channel: string) => /^[a-z0-9_]{1,63}$/.test(channel);

/**
 * LISTEN/NOTIFY on a PostgreSQL server: one connection of its own (a pooled connection cannot hold
 * a LISTEN), opened at the first `listen`, and opened again with every channel after it drops
 * (what was notified meanwhile is not replayed: readers load what they missed from the tables).
 */
export class PostgresListener {
  private client?: pg.Client;
  private connecting?: Promise<pg.Client>;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    if (!channelOk(channel)) throw new Error(`bad channel name '${channel}'`);
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    const client = await this.connection();
    if (first) await client.query(`listen "${channel}"`);
    return async () => {
      set.delete(onPayload);
      if (set.size || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      if (this.client && !this.closed) await this.client.query(`unlisten "${channel}"`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      for (const handler of this.handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen "${channel}"`);
    this.client = client;
    return client;
  }

  /** The connection dropped: listen again on a new one, after a second. */
  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (this.closed) return;
    const retry = () => {
      if (this.closed || this.client || !this.handlers.size) return;
      this.connection().catch(() => setTimeout(retry, 1000).unref());
    };
    setTimeout(retry, 1000).unref();
  }
}
