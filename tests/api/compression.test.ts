import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ResolvedConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticRegistry } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { precompress } from '../../scripts/precompress.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;

/** A built client as `vite build` leaves it, its .br and .gz written by the build's own plugin (scripts/precompress.ts). */
function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'tiny-77aa00.js'), 'export {};\n');
  const plugin = precompress();
  (plugin.configResolved as (c: ResolvedConfig) => void)({ root: dir, build: { outDir: '.' } } as ResolvedConfig);
  const bundle = { 'index.html': {}, 'assets/index-3f9a1c.js': {}, 'assets/tiny-77aa00.js': {} };
  (plugin.writeBundle as (o: unknown, b: Record<string, unknown>) => void)({}, bundle);
  return dir;
}

describe.each(BACKENDS)('compression and cache headers on %s', (backend) => {
  let app: FastifyInstance;
  let clientDir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    clientDir = builtClient();
    const registry = createStaticRegistry();
    const { db, drop } = await freshDatabase(backend);
    await prepareDatabase(db, registry);
    const filesDir = mkdtempSync(join(tmpdir(), 'portico-files-'));
    app = await buildApp({ db, registry, filesDir, clientDir, rateLimits: 'off' });
    cleanup = async () => {
      await app.close();
      await drop();
      rmSync(clientDir, { recursive: true, force: true });
      rmSync(filesDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanup());

  it('sends a hashed asset precompressed as asked, marked immutable for a year', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves a file under 1 KB out of the build compression, and still sends it as asked', async () => {
    expect(existsSync(join(clientDir, 'assets', 'tiny-77aa00.js.br'))).toBe(false);
    expect(existsSync(join(clientDir, 'assets', 'index-3f9a1c.js.gz'))).toBe(true);
    const res = await app.inject({ method: 'GET', url: '/assets/tiny-77aa00.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('export {};\n');
    const plain = await app.inject({ method: 'GET', url: '/assets/tiny-77aa00.js' });
    expect(plain.body).toBe('export {};\n');
  });

  it('has the page revalidated on every visit, compressed too', async () => {
    for (const url of ['/', '/wel/index']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    }
  });

  it('compresses an API answer above 1 KB as the request accepts, and leaves a small one alone', async () => {
    const gzip = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const doc = JSON.parse(gunzipSync(gzip.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);

    const br = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(doc);

    const identity = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(doc);

    // A mid-sized answer (a captcha's SVG: several KB) is compressed in one call, its length known.
    const captcha = await app.inject({ method: 'GET', url: '/api/auth/captcha', headers: { 'accept-encoding': 'br' } });
    expect(captcha.statusCode).toBe(200);
    expect(captcha.headers['content-encoding']).toBe('br');
    expect(Number(captcha.headers['content-length'])).toBe(captcha.rawPayload.length);
    const plainCaptcha = brotliDecompressSync(captcha.rawPayload);
    expect(plainCaptcha.length).toBeGreaterThan(1024);
    expect(plainCaptcha.length).toBeLessThan(64 * 1024);
    expect(JSON.parse(plainCaptcha.toString())).toMatchObject({ code: 200, data: { image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) } });

    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ data: { status: 'up' } });
  });
});
