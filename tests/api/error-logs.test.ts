import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/** POST /api/error-logs (SPEC §7: client errors sent in batches and kept): what it keeps and what it refuses. */
describe.each(BACKENDS)('client error log on %s', (backend) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
  });
  afterAll(() => h.close());

  const entry = { url: 'http://localhost/trf/newList', time: '2026-11-22T10:00:00.000Z', type: 'error', message: 'x is undefined', stack: 'TypeError: x is undefined\n    at f (a.js:1:1)', info: 'a.js:1:1' };
  const send = (payload: unknown, lang = 'en-US') => h.call({ method: 'POST', url: '/api/error-logs', payload: payload as Record<string, unknown>, lang });
  const count = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from error_logs')).rows[0]!.n;

  it('keeps every field of every entry of a batch', async () => {
    const res = await send({ entries: [entry, { ...entry, type: 'unhandledrejection', message: 'rejected', info: 'reason: RangeError' }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: 2 });
    const { rows } = await h.db.query<Record<string, unknown>>('select url, time, type, message, stack, info, count from error_logs order by id');
    expect(rows).toEqual([
      { url: entry.url, time: entry.time, type: 'error', message: entry.message, stack: entry.stack, info: 'a.js:1:1', count: 1 },
      { url: entry.url, time: entry.time, type: 'unhandledrejection', message: 'rejected', stack: entry.stack, info: 'reason: RangeError', count: 1 },
    ]);
  });

  type Kept = { message: string; url: string; user_id: string | null; count: number; first_seen: Date; last_seen: Date };
  const keptOf = async (message: string) =>
    (await h.db.query<Kept>('select message, url, user_id, count, first_seen, last_seen from error_logs where message = $1', [message])).rows;

  it('aggregates repeats into one row: the count goes up and the last-seen time moves', async () => {
    const repeat = { ...entry, message: 'repeated', stack: `TypeError: repeated${'\n    at f (a.js:1:1)'.repeat(7)}` };
    expect((await send({ entries: [repeat, repeat] })).body.data).toEqual({ received: 2 });
    const [first] = await keptOf('repeated');
    expect(first).toMatchObject({ count: 2, url: entry.url });
    // The same error on the same page (another host, query or fragment; other frames past the first ones) is a repeat.
    const elsewhere = { ...repeat, url: 'https://portal.example.com/trf/newList?page=2#top', stack: `${repeat.stack}\n    at g (b.js:2:2)`, time: '2026-11-22T11:00:00.000Z' };
    expect((await send({ entries: [elsewhere] })).status).toBe(200);
    const rows = await keptOf('repeated');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 3, url: entry.url });
    expect(new Date(rows[0]!.last_seen).getTime()).toBeGreaterThan(new Date(first!.last_seen).getTime());
    expect(new Date(rows[0]!.first_seen).getTime()).toBe(new Date(first!.first_seen).getTime());
    // Another page, type or first frame is another row.
    await send({ entries: [{ ...repeat, url: '/trf/view' }, { ...repeat, type: 'unhandledrejection' }, { ...repeat, stack: 'TypeError: repeated\n    at h (c.js:3:3)' }] });
    expect(await keptOf('repeated')).toHaveLength(4);
  });

  it('adds the repeats a client counted while its report waited', async () => {
    const counted = { ...entry, message: 'counted' };
    expect((await send({ entries: [{ ...counted, count: 5 }, counted] })).body.data).toEqual({ received: 2 });
    await send({ entries: [{ ...counted, count: 10_000 }] });
    expect((await keptOf('counted')).map((r) => r.count)).toEqual([10_006]);
  });

  it('counts repeats sent at the same time exactly, in one row', async () => {
    const burst = { ...entry, message: 'burst' };
    const answers = await Promise.all(Array.from({ length: 12 }, () => send({ entries: [burst, burst] })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const rows = await keptOf('burst');
    expect(rows.map((r) => r.count)).toEqual([24]);
  });

  const refused: [string, unknown][] = [
    ['no entries', {}],
    ['entries not a list', { entries: entry }],
    ['an empty batch', { entries: [] }],
    ['more than 50 entries', { entries: Array.from({ length: 51 }, () => entry) }],
    ['an unknown field', { entries: [{ ...entry, password: 'x' }] }],
    ['a message of the wrong type', { entries: [{ ...entry, message: 42 }] }],
    ['a message over 5000 characters', { entries: [{ ...entry, message: 'x'.repeat(5001) }] }],
    ['a type over 50 characters', { entries: [{ ...entry, type: 'x'.repeat(51) }] }],
    ['a count under 1', { entries: [{ ...entry, count: 0 }] }],
    ['a count over 10000', { entries: [{ ...entry, count: 10_001 }] }],
    ['a count not a whole number', { entries: [{ ...entry, count: 1.5 }] }],
  ];
  for (const [what, payload] of refused) {
    it(`refuses ${what} with 400 and keeps nothing of it`, async () => {
      const before = await count();
      const res = await send(payload);
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBeTruthy();
      expect(await count()).toBe(before);
    });
  }

  it('refuses a body that is not JSON', async () => {
    const res = await h.call({ method: 'POST', url: '/api/error-logs', payload: 'not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it("explains a refusal in the request's language", async () => {
    const zh = await send({ entries: [] }, 'zh-CN');
    const en = await send({ entries: [] }, 'en-US');
    expect(zh.body.message).not.toBe(en.body.message);
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
