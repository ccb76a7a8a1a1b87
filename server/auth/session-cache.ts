import type { Database } from '../db/database.ts';
import { schemaChannel } from '../db/listen-hub.ts';

/** The channel prefix of session changes; migration 039's trigger notifies `<prefix>_<schema>` the same way. */
export const SESSION_CHANNEL_PREFIX = 'portico_sessions';

/** Live sessions kept per process; the least recently used goes first past this. */
const MAX_ENTRIES = 20_000;
/**
 * How long an entry is trusted without asking the database again: the bound on staleness should a
 * notification be lost (the LISTEN connection dropped and reopened); invalidation is immediate otherwise.
 */
const MAX_AGE_MS = 30_000;

interface Entry<T> {
  row: T;
  userId: string;
  companyId: string;
  /** The session's own expiry (fixed at login: sessions are not extended). */
  expiresAt: number;
  checkedAt: number;
}

/**
 * The sessions of this process, by token hash, so that a request is authenticated without a
 * database round trip. What changes a session's user — logout, a password reset, an account
 * disabled or rejected, its roles, posts, profile or company name — is written to `sessions`,
 * `users` or `companies`, whose triggers (migration 039) `pg_notify` the change at commit; every
 * process LISTENs and forgets the entries concerned. The process making a change also forgets at
 * once (`forgetUserLocally`), so its own next request never waits on the notification.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private stop?: () => Promise<void>;
  /**
   * Counts the forgetting: a row read from the database before a change was forgotten must not be
   * kept after it (`set` with the generation seen before the read refuses it).
   */
  generation = 0;
  /** Payloads a caller waits to hear come back (`heardBack`). */
  private readonly waiting = new Map<string, Set<() => void>>();

  async start(db: Database): Promise<void> {
    const channel = await schemaChannel(db, SESSION_CHANNEL_PREFIX);
    this.stop = await db.listen(channel, (payload) => this.heard(payload));
    LIVE.add(this);
  }

  async close(): Promise<void> {
    LIVE.delete(this);
    this.entries.clear();
    await this.stop?.();
  }

  get(tokenHash: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || entry.checkedAt + MAX_AGE_MS <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Least recently used first: a hit moves to the end.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.row;
  }

  set(tokenHash: string, row: T, ids: { userId: string; companyId: string; expiresAt: number }, readAt: number): void {
    if (readAt !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { row, ...ids, checkedAt: Date.now() });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  forgetToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Resolves when this process hears `payload` from the database, or after `timeoutMs`. PostgreSQL
   * sends a notification to every listening connection at once, so a change that has come back here
   * has been sent to every other process too: logout waits for it, so that the next request, whichever
   * process serves it, finds the session gone (issue 22's two-process flow).
   */
  heardBack(payload: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(payload) ?? new Set<() => void>();
      this.waiting.set(payload, waiters);
      const done = (heard: boolean) => {
        clearTimeout(timer);
        waiters.delete(onHeard);
        if (waiters.size === 0 && this.waiting.get(payload) === waiters) this.waiting.delete(payload);
        resolve(heard);
      };
      const onHeard = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      waiters.add(onHeard);
    });
  }

  /** `t:<token hash>`, `u:<user id>` or `c:<company id>`, as migration 039's trigger sends them. */
  private heard(payload: string): void {
    for (const onHeard of [...(this.waiting.get(payload) ?? [])]) onHeard();
    this.generation++;
    const id = payload.slice(2);
    if (payload.startsWith('t:')) this.forgetToken(id);
    else if (payload.startsWith('u:')) this.forgetUser(id);
    else if (payload.startsWith('c:')) for (const [hash, entry] of this.entries) if (entry.companyId === id) this.entries.delete(hash);
    else this.entries.clear();
  }
}

const LIVE = new Set<SessionCache<unknown>>();

/**
 * A user's sessions are forgotten by every cache of this process now, not when the notification
 * comes back: called by the code that changes a user, right after its write.
 */
export function forgetUserLocally(userId: string): void {
  for (const cache of LIVE) cache.forgetUser(userId);
}
