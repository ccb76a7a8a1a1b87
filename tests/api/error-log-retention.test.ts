import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * Issue 52, 4d: what one client address can make POST /api/error-logs keep is bounded: the table
 * holds at most its caps of rows and bytes (plus one trim's worth), dropping the rows seen longest
 * ago, and an address may send a budget of bytes a minute (429 in its language past it).
 */
describe.each(BACKENDS)('client error log retention on %s', (backend) => {
  const caps = { maxRows: 20, maxBytes: 30_000, trimEvery: 5, trimBatch: 100 };
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend, [], { errorLogs: caps });
  });
  afterAll(() => h.close());

  const send = (entries: Record<string, unknown>[]) => h.call({ method: 'POST', url: '/api/error-logs', payload: { entries } });
  const kept = async () =>
    (await h.db.query<{ message: string; bytes: number }>('select message, bytes from error_logs order by last_seen, id')).rows;

  it('keeps at most its rows (plus one trim) and drops the rows seen longest ago, keeping a repeated old one', async () => {
    const entry = (i: number) => ({ url: '/trf/newList', type: 'error', message: `row ${i}`, stack: `Error: row ${i}\n    at f (a.js:1:1)` });
    for (let i = 0; i < 60; i += 3) {
      // The first entry comes back now and then: seen lately, it stays.
      const batch = [entry(i), entry(i + 1), entry(i + 2), ...(i % 9 === 0 ? [entry(0)] : [])];
      expect((await send(batch)).status).toBe(200);
      expect((await kept()).length).toBeLessThanOrEqual(caps.maxRows + caps.trimEvery);
    }
    const messages = (await kept()).map((r) => r.message);
    expect(messages).toContain('row 0');
    expect(messages).toContain('row 59');
    expect(messages).not.toContain('row 1');
    expect(messages).not.toContain('row 30');
  });

  it('keeps at most its bytes (plus one trim), the newest entries', async () => {
    const big = (i: number) => ({ url: '/x', type: 'error', message: `big ${i} ${'x'.repeat(4_000)}` });
    for (let i = 0; i < 20; i++) {
      expect((await send([big(i)])).status).toBe(200);
      const bytes = (await kept()).reduce((sum, r) => sum + r.bytes, 0);
      expect(bytes).toBeLessThanOrEqual(caps.maxBytes + caps.trimEvery * 4_100);
    }
    const messages = (await kept()).map((r) => r.message.slice(0, 7));
    expect(messages).toContain('big 19 ');
    expect(messages).not.toContain('big 0 x');
    // Past the bytes, the small rows seen longest ago went first.
    expect(messages.some((m) => m.startsWith('row '))).toBe(false);
  });
});

describe.each(BACKENDS)('client error log byte budget on %s', (backend) => {
  const perMinute = 4_096;
  const limits = backend === 'postgres' ? 'shared' : 'on';
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend, [], { rateLimits: limits, errorLogs: { bytesPerMinute: perMinute } });
  });
  afterAll(() => h.close());

  const entries = (tag: string) => [{ url: '/x', type: 'error', message: `${tag} ${'m'.repeat(1_500)}` }];
  const send = (app: ApiHarness, tag: string, lang: string, remoteAddress = '198.51.100.1') =>
    app.app.inject({ method: 'POST', url: '/api/error-logs', payload: { entries: entries(tag) }, headers: { 'accept-language': lang }, remoteAddress });

  it("answers 429 in the client's language past its bytes of a minute, keeps nothing of it, and counts each address apart", async () => {
    expect((await send(h, 'a', 'en-US')).statusCode).toBe(200);
    expect((await send(h, 'b', 'en-US')).statusCode).toBe(200);
    const en = await send(h, 'c', 'en-US');
    expect(en.statusCode).toBe(429);
    expect(en.json()).toMatchObject({ code: 429, errorCode: 'ERROR_LOG_BUDGET' });
    expect(en.json().message).toMatch(/^Too many error reports: at most 4 KB a minute from one address; please send again in \d+ seconds$/);
    expect(Number(en.headers['retry-after'])).toBeGreaterThan(0);
    const zh = await send(h, 'd', 'zh-CN');
    expect(zh.statusCode).toBe(429);
    expect(zh.json().message).toMatch(/^错误报告过多：每个地址每分钟最多 4 KB，请 \d+ 秒后再发送$/);
    const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from error_logs where message like '_ m%'");
    expect(rows[0]!.n).toBe(2);
    expect((await send(h, 'e', 'en-US', '198.51.100.2')).statusCode).toBe(200);
  });

  // Several processes share only a PostgreSQL server (PGlite belongs to one): the case exists there alone.
  if (backend === 'postgres') it('counts an address together in every process on one PostgreSQL', async () => {
    const other = await ApiHarness.onDatabase(await openDatabase({ databaseUrl: h.url! }), h.registry, { rateLimits: 'shared', errorLogs: { bytesPerMinute: perMinute } });
    try {
      expect((await send(other, 'f', 'en-US', '198.51.100.3')).statusCode).toBe(200);
      expect((await send(h, 'g', 'en-US', '198.51.100.3')).statusCode).toBe(200);
      expect((await send(other, 'h', 'en-US', '198.51.100.3')).statusCode).toBe(429);
      // The first address is still past its budget in the other process.
      expect((await send(other, 'i', 'en-US')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
