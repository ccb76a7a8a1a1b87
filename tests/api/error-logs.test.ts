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
    const { rows } = await h.db.query<Record<string, unknown>>('select url, time, type, message, stack, info from error_logs order by id');
    expect(rows).toEqual([
      { url: entry.url, time: entry.time, type: 'error', message: entry.message, stack: entry.stack, info: 'a.js:1:1' },
      { url: entry.url, time: entry.time, type: 'unhandledrejection', message: 'rejected', stack: entry.stack, info: 'reason: RangeError' },
    ]);
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
