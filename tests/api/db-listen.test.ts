import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';

/** Notifies `channel` until `received` holds `payload` (a listener may be on its way back); a minute without it is a hang. */
async function notifyUntilHeard(db: Database, channel: string, payload: string, received: string[]): Promise<void> {
  const giveUp = Date.now() + 60_000;
  while (!received.includes(payload)) {
    if (Date.now() > giveUp) throw new Error(`'${payload}' on ${channel} was never heard`);
    await db.query('select pg_notify($1, $2)', [channel, payload]);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(BACKENDS)('LISTEN/NOTIFY [%s]', (kind) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase(kind));
  });
  afterAll(() => drop());

  it('hears a committed notification on its channel, every listener of it, and stops hearing once unlistened', async () => {
    const channel = `t_${randomBytes(5).toString('hex')}`;
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await db.listen(channel, (p) => first.push(p));
    const stopSecond = await db.listen(channel, (p) => second.push(p));
    await db.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', [channel, 'in a transaction']);
    });
    await notifyUntilHeard(db, channel, 'one', first);
    expect(first).toContain('in a transaction');
    await notifyUntilHeard(db, channel, 'one', second);
    await stopFirst();
    await notifyUntilHeard(db, channel, 'two', second);
    expect(first).not.toContain('two');
    await stopSecond();
  });

  // The listener's own connection: PostgreSQL's (PGlite listens within its one process).
  if (kind !== 'postgres') return;

  it('refuses a channel name it could not listen on as written', async () => {
    await expect(db.listen('Bad-Channel', () => undefined)).rejects.toThrow(/bad channel name/);
  });

  it('listens again on a new connection when its connection is ended by the server', async () => {
    const channel = `t_${randomBytes(5).toString('hex')}`;
    const heard: string[] = [];
    const stop = await db.listen(channel, (p) => heard.push(p));
    await notifyUntilHeard(db, channel, 'before', heard);
    // The listener's backend is the one whose last statement was this channel's LISTEN.
    const ended = await db.query<{ ended: boolean }>(`select pg_terminate_backend(pid) as ended from pg_stat_activity where query = $1`, [`listen "${channel}"`]);
    expect(ended.rows.map((r) => r.ended)).toEqual([true]);
    await notifyUntilHeard(db, channel, 'after', heard);
    await stop();
  });
});
