import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../engine/index.ts';
import { defaultPressureLimits } from '../../server/http/back-pressure.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { eventually } from '../support/eventually.ts';

/** Figures reported by /api/health (server/http/back-pressure.ts `PressureFigures`). */
type Health = { status: string; database: string; underPressure: boolean; eventLoopDelayMs: number | null; eventLoopUtilization: number; heapUsedBytes: number; rssBytes: number };

const health = async (h: ApiHarness) => {
  const res = await h.call<Health>({ method: 'GET', url: '/api/health' });
  expect(res.status).toBe(200);
  return res.body.data;
};

/** A built client's folder: its page and one asset. */
function client(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-0a1b2c.js'), 'export {};\n');
  return dir;
}

/** Back-pressure (server/http/back-pressure.ts, @fastify/under-pressure): 503 past a limit, the figures in /api/health. */
describe.each(BACKENDS)('back-pressure on %s', (backend) => {
  describe('past the heap limit', () => {
    let h: ApiHarness;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = client();
      // Any heap is more than one byte: under pressure from the first sample on, whatever the machine's load.
      h = await ApiHarness.start(backend, [], { clientDir, pressure: { maxHeapUsedBytes: 1, retryAfterSeconds: 7, sampleIntervalMs: 10 } });
      expect(await eventually(async () => (await health(h)).underPressure)).toBe(true);
    });
    afterAll(async () => {
      await h.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it('refuses with 503, Retry-After and SERVER_BUSY in the request’s language, before the session is asked for', async () => {
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const res = await h.app.inject({ method: 'GET', url: '/api/auth/public-key', headers: { 'accept-language': lang } });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('7');
        expect(res.json()).toEqual({ code: 503, errorCode: 'SERVER_BUSY', message: message('SERVER_BUSY', lang, { seconds: 7 }) });
      }
      expect(message('SERVER_BUSY', 'zh-CN', { seconds: 7 })).toContain('7 秒');
      // A route that needs a session: refused for the load, not for the missing session.
      const guarded = await h.call({ method: 'GET', url: '/api/entities/trf', lang: 'en-US' });
      expect(guarded.status).toBe(503);
      expect(guarded.body.errorCode).toBe('SERVER_BUSY');
    });

    it('still answers /api/health, with the figures that explain the refusals', async () => {
      const figures = await health(h);
      expect(figures).toMatchObject({ status: 'up', database: backend, underPressure: true });
      expect(figures.heapUsedBytes).toBeGreaterThan(1);
      expect(figures.rssBytes).toBeGreaterThan(figures.heapUsedBytes);
      expect(figures.eventLoopUtilization).toBeGreaterThanOrEqual(0);
      expect(figures.eventLoopUtilization).toBeLessThanOrEqual(1);
      expect(figures.eventLoopDelayMs === null || figures.eventLoopDelayMs >= 0).toBe(true);
    });

    it('still serves the client’s page and files: the page shows the API’s refusals', async () => {
      const asset = await h.app.inject({ method: 'GET', url: '/assets/index-0a1b2c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('export {};\n');
      const page = await h.app.inject({ method: 'GET', url: '/trf/list', headers: { 'accept-language': 'en-US' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
    });
  });

  describe('past the event-loop delay limit', () => {
    let h: ApiHarness;
    beforeAll(async () => {
      h = await ApiHarness.start(backend, [], { pressure: { maxEventLoopDelayMs: 20, retryAfterSeconds: 3, sampleIntervalMs: 50 } });
    });
    afterAll(() => h.close());

    it('refuses while the loop is blocked and answers again once it is free', async () => {
      // The loop is blocked 100 ms at a time, with short breaks: every delay measured is about 100 ms.
      const blocker = setInterval(() => {
        const until = performance.now() + 100;
        while (performance.now() < until);
      }, 5);
      try {
        expect(await eventually(async () => (await health(h)).underPressure)).toBe(true);
        const refused = await h.call({ method: 'GET', url: '/api/auth/public-key', lang: 'zh-CN' });
        expect(refused.status).toBe(503);
        expect(refused.body).toEqual({ code: 503, errorCode: 'SERVER_BUSY', message: message('SERVER_BUSY', 'zh-CN', { seconds: 3 }) });
        const figures = await health(h);
        expect(figures.eventLoopDelayMs === null || figures.eventLoopDelayMs > 20).toBe(true);
      } finally {
        clearInterval(blocker);
      }
      expect(await eventually(async () => !(await health(h)).underPressure)).toBe(true);
      expect((await h.call({ method: 'GET', url: '/api/auth/public-key' })).status).toBe(200);
    });
  });

  describe('within the limits', () => {
    let h: ApiHarness;
    let off: ApiHarness;
    beforeAll(async () => {
      h = await ApiHarness.start(backend, [], { pressure: defaultPressureLimits() });
      off = await ApiHarness.start(backend);
    });
    afterAll(async () => {
      await h.close();
      await off.close();
    });

    it('answers as usual, and /api/health reports the figures with no pressure', async () => {
      expect(await eventually(async () => (await health(h)).heapUsedBytes > 0)).toBe(true);
      // Past the two samples after start that only report: the limits are in force.
      await new Promise((r) => setTimeout(r, 2100));
      const res = await h.app.inject({ method: 'GET', url: '/api/auth/public-key' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(await health(h)).toMatchObject({ status: 'up', database: backend, underPressure: false, rssBytes: expect.any(Number) });
    });

    it('reports memory and utilization with back-pressure off, the delay unmeasured', async () => {
      const figures = await health(off);
      expect(figures).toMatchObject({ underPressure: false, eventLoopDelayMs: null, eventLoopUtilization: expect.any(Number) });
      expect(figures.heapUsedBytes).toBeGreaterThan(0);
      expect(figures.rssBytes).toBeGreaterThan(figures.heapUsedBytes);
    });
  });
});
