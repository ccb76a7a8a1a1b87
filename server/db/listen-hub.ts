import type { Database, Queryable } from './database.ts';

/** A socket of this process, as a hub pushes to it: the frame's JSON text (made once for all the group's sockets). */
export interface HubPeer {
  send(text: string): void;
}

/** A LISTEN channel per database schema (tests share one server with several schemas): `<prefix>_<schema>`. */
export async function schemaChannel(db: Queryable, prefix: string): Promise<string> {
  const { rows } = await db.query<{ s: string }>('select current_schema() as s');
  return `${prefix}_${(rows[0]?.s ?? 'public').toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
}

/**
 * The sockets of this server process grouped by a key (a record's chat, a user), and the one
 * LISTEN through which every process hears each payload `pg_notify`ed on the channel at commit:
 * a payload reaches the sockets of its key on every process (docs/architecture.md, Chat).
 */
export class ListenHub<T> {
  private readonly groups = new Map<string, Set<HubPeer>>();
  private stop?: () => Promise<void>;
  channel = '';

  constructor(
    private readonly db: Database,
    private readonly prefix: string,
    /** The key of the sockets a payload goes to, and the frame they are sent. */
    private readonly route: (payload: T) => { key: string; frame: unknown },
  ) {}

  async start(): Promise<void> {
    this.channel = await schemaChannel(this.db, this.prefix);
    this.stop = await this.db.listen(this.channel, (text) => {
      let payload: T;
      try {
        payload = JSON.parse(text) as T;
      } catch {
        return;
      }
      const { key, frame } = this.route(payload);
      const group = this.groups.get(key);
      if (group?.size) {
        const json = JSON.stringify(frame);
        for (const peer of group) peer.send(json);
      }
      this.heard(payload);
    });
  }

  /** What a subclass does with every payload heard, once its group has been sent the frame. */
  protected heard(_payload: T): void {}

  async close(): Promise<void> {
    await this.stop?.();
    this.groups.clear();
  }

  /** Adds a socket to a key's group; the returned function removes it. */
  join(key: string, peer: HubPeer): () => void {
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new Set()));
    group.add(peer);
    return () => {
      group.delete(peer);
      if (!group.size && this.groups.get(key) === group) this.groups.delete(key);
    };
  }

  /** How many sockets of this process are joined (bench, tests). */
  get peers(): number {
    let n = 0;
    for (const group of this.groups.values()) n += group.size;
    return n;
  }
}
