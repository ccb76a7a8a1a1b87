import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrations.ts';
import type { Database } from '../../server/db/database.ts';
import { DatabaseRateLimitStore } from '../../server/http/rate-limit-store.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';

type Count = { current: number; ttl: number };

/** The shared rate-limit store (server/http/rate-limit-store.ts): counts, windows, routes kept apart. */
describe.each(BACKENDS)('rate-limit counters in the database on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase(backend));
    await migrate(db);
  });
  afterAll(() => drop());

  const ask = (store: DatabaseRateLimitStore, how: 'incr' | 'read', key: string) =>
    new Promise<Count>((done, fail) => {
      const answer = (err: Error | null, res?: Count) => (err ? fail(err) : done(res!));
      if (how === 'incr') store.incr(key, answer, 60_000);
      else store.read(key, answer);
    });

  it('counts within a window, reads without counting, and starts again when the window has ended', async () => {
    const store = new DatabaseRateLimitStore(db);
    expect((await ask(store, 'read', '10.0.0.1')).current).toBe(0);
    for (let i = 1; i <= 3; i++) expect((await ask(store, 'incr', '10.0.0.1')).current).toBe(i);
    const seen = await ask(store, 'read', '10.0.0.1');
    expect(seen.current).toBe(3);
    expect(seen.ttl).toBeGreaterThan(0);
    expect(seen.ttl).toBeLessThanOrEqual(60_000);
    await db.query("update rate_limits set window_end = now() - interval '1 second'");
    expect((await ask(store, 'read', '10.0.0.1')).current).toBe(0);
    expect((await ask(store, 'incr', '10.0.0.1')).current).toBe(1);
  });

  it('keeps each route’s counters apart, as two stores of the same database share one route’s', async () => {
    const root = new DatabaseRateLimitStore(db);
    const login = root.child({ routeInfo: { method: 'POST', url: '/api/auth/token' } });
    const captcha = root.child({ routeInfo: { method: 'GET', url: '/api/auth/captcha' } });
    const otherProcess = new DatabaseRateLimitStore(db).child({ routeInfo: { method: 'POST', url: '/api/auth/token' } });
    const count = (store: typeof login) => new Promise<number>((done, fail) => store.incr('10.0.0.2', (err, res) => (err ? fail(err) : done(res!.current)), 60_000, 5));
    expect(await count(login)).toBe(1);
    expect(await count(otherProcess)).toBe(2);
    expect(await count(captcha)).toBe(1);
  });
});
