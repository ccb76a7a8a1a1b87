import type { EntityRegistry } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { Scope } from '../entities/visibility.ts';
import { unreadChats } from './chat-repo.ts';

/** A busy chat changes a header's count at most this often (each change is one query). */
export const UNREAD_PUSH_MS = 1_000;

type Unread = Awaited<ReturnType<typeof unreadChats>>;

/**
 * The header's unread count of one user's socket (a /ws socket that joined no chat): sent on open,
 * then again whenever a message in any chat may have changed it (`changed`), read with the user's
 * own visibility — so nothing of a chat the user may not see reaches them — and sent only when it
 * differs. Changes coming in a burst are read once per UNREAD_PUSH_MS.
 */
export class UnreadWatch {
  private last = '';
  private running?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private lastRead = 0;
  private stopped = false;

  constructor(
    private readonly db: Queryable,
    private readonly registry: EntityRegistry,
    private readonly userId: string,
    private readonly scope: Scope,
    private readonly send: (unread: Unread) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  changed(): void {
    if (this.stopped || this.timer) return;
    const wait = Math.max(0, this.lastRead + UNREAD_PUSH_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // A read under way: the change is read after it.
      if (this.running) return void this.running.then(() => this.changed());
      this.running = this.read().finally(() => (this.running = undefined));
    }, wait);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async read(): Promise<void> {
    this.lastRead = Date.now();
    try {
      const unread = await unreadChats(this.db, this.registry, this.userId, this.scope);
      const text = JSON.stringify(unread);
      if (this.stopped || text === this.last) return;
      this.last = text;
      this.send(unread);
    } catch (err) {
      this.onError(err);
    }
  }
}
