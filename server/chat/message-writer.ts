import type { Queryable } from '../db/database.ts';
import { saveMessages, type ChatMessage, type NewMessage } from './chat-repo.ts';

/** The most messages one statement stores. */
export const MAX_GROUP = 200;

type Waiting = { m: NewMessage; done: (saved: { message: ChatMessage; fresh: boolean }) => void; fail: (err: unknown) => void };

/**
 * The chat messages of this process, stored in groups (group commit): a message is written at once
 * when no write is under way, else with every message that came meanwhile, in one statement and one
 * commit (chat-repo.ts `saveMessages`). PostgreSQL lets one notifying transaction commit at a time,
 * so a commit per message queued the messages behind each other's disk flush (docs/architecture.md,
 * Chat). Each sender is answered once its message is committed, as before.
 */
export class MessageWriter {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly db: Queryable,
    private readonly channel: () => string,
  ) {}

  save(m: NewMessage): Promise<{ message: ChatMessage; fresh: boolean }> {
    return new Promise((done, fail) => {
      this.waiting.push({ m, done, fail });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    while (this.waiting.length) {
      const group = this.waiting.splice(0, MAX_GROUP);
      try {
        const saved = await saveMessages(this.db, this.channel(), group.map((w) => w.m));
        group.forEach((w, i) => w.done(saved[i]!));
      } catch (err) {
        for (const w of group) w.fail(err);
      }
    }
    this.writing = false;
  }
}
