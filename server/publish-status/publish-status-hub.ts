import type { Database, Queryable } from '../db/database.ts';
import { currentNotice, noticeChannel, noticeView } from '../notices/notices-repo.ts';

/** The system whose publish status the STOMP endpoint answers (SPEC §7: body systemId 101). */
export const PUBLISH_SYSTEM_ID = 101;

/** The publish status as the STOMP endpoint sends it: the current notice as GET /api/sgs-im/im/getNotifyMsg's data (null for none). */
export async function publishStatusBody(db: Queryable): Promise<string> {
  const notice = await currentNotice(db);
  return JSON.stringify(notice ? noticeView(notice) : null);
}

/**
 * The publish-status subscribers of this server process and the one LISTEN through which it hears
 * every process's notice changes: on each, the current status is read once and pushed to all of
 * them. Changes heard while a read is under way are read again after it, so the last push is the
 * latest status.
 */
export class PublishStatusHub {
  private readonly peers = new Set<(body: string) => void>();
  private stop?: () => Promise<void>;
  private reading?: Promise<void>;
  private again = false;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.stop = await this.db.listen(await noticeChannel(this.db), () => this.changed());
  }

  async close(): Promise<void> {
    await this.stop?.();
    await this.reading;
    this.peers.clear();
  }

  /** Adds a subscriber; the returned function removes it. */
  subscribe(peer: (body: string) => void): () => void {
    this.peers.add(peer);
    return () => this.peers.delete(peer);
  }

  get subscribers(): number {
    return this.peers.size;
  }

  private changed(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.push().finally(() => {
      this.reading = undefined;
      if (this.again) {
        this.again = false;
        this.changed();
      }
    });
  }

  private async push(): Promise<void> {
    if (!this.peers.size) return;
    let body: string;
    try {
      body = await publishStatusBody(this.db);
    } catch (err) {
      console.error('publish status read failed', err);
      return;
    }
    for (const peer of this.peers) peer(body);
  }
}
