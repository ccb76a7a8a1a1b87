import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../engine/index.ts';
import { folderStorage } from '../../server/files/storage.ts';
import { installErrorHandler } from '../../server/http/errors.ts';
import { installProtections } from '../../server/http/protections.ts';
import { publicRoute } from '../../server/auth/session-hook.ts';
import { metricsPortFromEnv, serveClusterMetrics } from '../../server/observe/cluster-metrics.ts';
import { AppMetrics } from '../../server/observe/metrics.ts';
import { metricsAccessFromEnv, metricsRoute } from '../../server/observe/metrics-route.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one series' sample in Prometheus text (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(name) && (l[name.length] === ' ' || l[name.length] === '{') && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Issue 58 items 1 and 2: /metrics for the configured token or addresses; /healthz and /readyz. */
describe.each(BACKENDS)('metrics and health on %s', (backend) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend, [], { metricsAccess: { token: TOKEN, allow: ['10.0.0.0/8', '192.168.1.7'] } });
  });
  afterAll(() => h?.close());

  const scrape = (headers: Record<string, string> = {}, remoteAddress?: string) => h.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it('serves the named series to the token: requests by route pattern with latency, the event loop, the heap, the database, the queues', async () => {
    const staff = await h.login('staff');
    expect((await h.call({ method: 'GET', url: '/api/entities/trf?page=1', token: staff })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/no/such/route' })).status).toBe(404);
    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The route's pattern, never the raw URL (its query and ids are unbounded label values).
    expect(sample(text, 'portico_http_request_duration_seconds_count', { route: '/api/entities/:entity', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portico_http_request_duration_seconds_bucket', { route: '/api/entities/:entity', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portico_http_request_duration_seconds_count', { route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('page=1');
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'portico_db_query_duration_seconds_count', { database: 'primary', operation: 'query' })).toBeGreaterThan(0);
    expect(sample(text, 'portico_db_pool_size', { database: 'primary' })).toBe(backend === 'pglite' ? 1 : 4);
    expect(sample(text, 'portico_database_up')).toBe(1);
    for (const queue of ['outbox', 'effects', 'record_timers', 'notice_timers']) {
      expect(sample(text, 'portico_queue_depth', { queue }), queue).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'portico_queue_age_seconds', { queue }), queue).toBeGreaterThanOrEqual(0);
    }
    for (const name of ['portico_payment_orders', 'portico_websocket_connections', 'portico_websocket_messages_total', 'portico_mail_deliveries_total', 'portico_rate_limit_refusals_total', 'portico_timer_firings_total', 'portico_effect_runs_total']) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });

  it('counts the mail waiting in the outbox, and how old the oldest is', async () => {
    await h.db.query("insert into outbox (to_address, subject, body, status, created_at) values ('x@example.com', 's', 'b', 'pending', now() - interval '90 seconds')");
    // Past the scrape cache of the last test's figures.
    await new Promise((done) => setTimeout(done, 5_100));
    const text = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
    expect(sample(text, 'portico_queue_depth', { queue: 'outbox' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portico_queue_age_seconds', { queue: 'outbox' })).toBeGreaterThanOrEqual(90);
    await h.db.query("delete from outbox where to_address = 'x@example.com'");
  });

  it('serves the configured addresses and ranges without a token', async () => {
    expect((await scrape({}, '10.20.30.40')).statusCode).toBe(200);
    expect((await scrape({}, '::ffff:192.168.1.7')).statusCode).toBe(200);
  });

  it('refuses anyone else, with a message in their language', async () => {
    for (const [headers, address] of [
      [{}, '127.0.0.1'],
      [{ authorization: 'Bearer not-the-token-at-all-0000' }, '192.168.1.8'],
      [{ authorization: TOKEN }, '11.0.0.1'],
    ] as const) {
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const res = await scrape({ ...headers, 'accept-language': lang }, address);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ errorCode: 'METRICS_FORBIDDEN', message: message('METRICS_FORBIDDEN', lang) });
        expect(res.body).not.toContain('portico_');
      }
    }
  });

  it('answers /healthz and /readyz with every check ok', async () => {
    const alive = await h.call({ method: 'GET', url: '/healthz' });
    expect(alive).toMatchObject({ status: 200, body: { data: { status: 'alive' } } });
    const ready = await h.call({ method: 'GET', url: '/readyz' });
    expect(ready).toMatchObject({ status: 200, body: { data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'ok' } } } });
  });
});

describe.each(BACKENDS)('readiness failing on %s', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-readyz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 503 naming the file storage when it cannot be written, in the request language', async () => {
    // A folder under a file: no write can succeed there, whoever runs the test.
    writeFileSync(join(dir, 'a-file'), 'x');
    const h = await ApiHarness.start(backend, [], { fileStorage: folderStorage(join(dir, 'a-file', 'files')) });
    try {
      for (const [lang, name] of [['zh-CN', '文件存储'], ['en-US', 'file storage']] as const) {
        const res = await h.call({ method: 'GET', url: '/readyz', lang });
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ errorCode: 'NOT_READY', data: { checks: { database: 'ok', migrations: 'ok', storage: 'failing', jobs: 'ok' } } });
        expect(res.body.message).toBe(message('NOT_READY', lang, { checks: name }));
      }
      expect((await h.call({ method: 'GET', url: '/healthz' })).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('answers 503 naming the database once it is closed, and the job pool once it is closed', async () => {
    const h = await ApiHarness.start(backend);
    try {
      await h.app.jobs.close();
      const jobs = await h.call({ method: 'GET', url: '/readyz', lang: 'en-US' });
      expect(jobs.status).toBe(503);
      expect(jobs.body.data).toEqual({ checks: { database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'failing' } });
      await h.db.close();
      const res = await h.call({ method: 'GET', url: '/readyz', lang: 'en-US' });
      expect(res.status).toBe(503);
      expect(res.body.data.checks).toMatchObject({ database: 'failing', migrations: 'failing' });
      expect(res.body.message).toBe(message('NOT_READY', 'en-US', { checks: 'database, database migrations, job pool' }));
      expect((await h.call({ method: 'GET', url: '/healthz' })).status).toBe(200);
    } finally {
      await h.close().catch(() => undefined);
    }
  });
});

describe('the metrics route and its configuration', () => {
  it('is off (404) when neither a token nor an address is configured', async () => {
    const app = Fastify();
    installErrorHandler(app);
    metricsRoute(app, new AppMetrics(), { allow: [] });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    await app.close();
  });

  it('stops the start on a short token or an entry that is no address or range', () => {
    expect(metricsAccessFromEnv({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' })).toEqual({ token: TOKEN, allow: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'] });
    expect(() => metricsAccessFromEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.1/8/1', '10.0.0.0/x']) expect(() => metricsAccessFromEnv({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
  });

  it('counts rate-limit refusals by route pattern', async () => {
    const app = Fastify();
    installErrorHandler(app);
    const metrics = new AppMetrics();
    await installProtections(app, 'on', [], undefined, [], (route) => metrics.rateLimitRefusals.inc({ route }));
    app.get('/limited/:id', publicRoute(1), async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/limited/1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/limited/2' })).statusCode).toBe(429);
    expect(sample(await metrics.registry.metrics(), 'portico_rate_limit_refusals_total', { route: '/limited/:id' })).toBe(1);
    await app.close();
  });
});

describe("the cluster primary's metrics port", () => {
  it('serves the workers\' series to the token only, with the refusal in the request language', async () => {
    const server = await serveClusterMetrics(0, '127.0.0.1', { token: TOKEN, allow: [] });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const allowed = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('content-type')).toContain('text/plain');
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const refused = await fetch(`${base}/metrics`, { headers: { 'accept-language': lang } });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ errorCode: 'METRICS_FORBIDDEN', message: message('METRICS_FORBIDDEN', lang) });
      }
      expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      expect(metricsPortFromEnv({ METRICS_PORT: '9464' })).toBe(9464);
      expect(() => metricsPortFromEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
