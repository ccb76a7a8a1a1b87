import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions.ts';
import { sweepEndedSessions } from '../../server/auth/session-sweep.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

const DAY = 86_400_000;

/** Ended sessions' rows are deleted a day after they end, except each user's latest (account reclaim reads the last login from it). */
describe.each(BACKENDS)('session sweep on %s', (backend) => {
  let h: ApiHarness;
  let buyerId: string;
  let agentId: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    const ids = (await h.db.query<{ id: string; account: string }>("select id, account from users where account in ('buyer', 'agent')")).rows;
    buyerId = ids.find((u) => u.account === 'buyer')!.id;
    agentId = ids.find((u) => u.account === 'agent')!.id;
  });
  afterAll(() => h.close());

  /** A session of `userId` made `ageDays` ago, expiring 4 hours after that, revoked `revokedDays` ago if given. */
  async function session(userId: string, ageDays: number, revokedDays?: number): Promise<void> {
    await createSession(h.db, userId);
    const made = new Date(Date.now() - ageDays * DAY);
    await h.db.query(
      `update sessions set created_at = $2, expires_at = $3, revoked_at = $4
       where user_id = $1 and created_at = (select max(created_at) from sessions where user_id = $1)`,
      [userId, made.toISOString(), new Date(made.getTime() + 4 * 3_600_000).toISOString(), revokedDays === undefined ? null : new Date(Date.now() - revokedDays * DAY).toISOString()],
    );
  }
  const rowsOf = async (userId: string) =>
    (await h.db.query<{ created_at: Date }>('select created_at from sessions where user_id = $1 order by created_at', [userId])).rows.map((r) => Math.round((Date.now() - new Date(r.created_at).getTime()) / DAY));

  it("deletes what ended over a day ago, keeps each user's latest and anything live or just ended", async () => {
    await h.db.query('delete from sessions where user_id in ($1, $2)', [buyerId, agentId]);
    // The buyer: two sessions long expired, one logged out 2 days ago, one logged out 12 hours
    // ago, and the latest, expired 6 hours ago.
    await session(buyerId, 30);
    await session(buyerId, 20);
    await session(buyerId, 2, 2);
    await session(buyerId, 14 / 24, 12 / 24);
    await session(buyerId, 10 / 24);
    // The agent: one session, ended 90 days ago: its last login, kept.
    await session(agentId, 90);
    expect(await rowsOf(buyerId)).toEqual([30, 20, 2, 1, 0]);

    expect(await sweepEndedSessions(h.db)).toBe(3);
    // Gone: the 30- and 20-day-old ones (expired) and the one logged out 2 days ago.
    expect(await rowsOf(buyerId)).toEqual([1, 0]);
    expect(await rowsOf(agentId)).toEqual([90]);
    expect(await sweepEndedSessions(h.db)).toBe(0);
  });

  it('leaves a live session working', async () => {
    const token = await h.login('buyer');
    // Expired 10 days ago, older than the login just made: the one row to go (the first test's
    // two left ended less than a day ago).
    await session(buyerId, 10);
    expect(await sweepEndedSessions(h.db)).toBe(1);
    const me = await h.call({ method: 'GET', url: '/api/auth/me', token });
    expect(me.status).toBe(200);
    expect(me.body.data.userInfo.account).toBe('buyer');
  });
});
