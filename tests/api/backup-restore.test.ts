import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';
import { startServer, type RunningServer } from '../../server/start-server.ts';
import { backupCommand, restoreCommand } from '../../server/backup/commands.ts';
import { ManifestError } from '../../server/backup/manifest.ts';
import { RestoreRefused } from '../../server/backup/restore.ts';
import { fileBytes, sealPassword, validTrf } from '../support/api-harness.ts';
import { startS3 } from '../support/s3-server.ts';

const root = resolve(import.meta.dirname, '../..');
const pgDumpInstalled = spawnSync('pg_dump', ['--version']).status === 0;
const CASES: ('pglite' | 'postgres')[] = ['pglite', ...(process.env.TEST_DATABASE_URL && pgDumpInstalled ? (['postgres'] as const) : [])];
type Env = Record<string, string>;

/** A portal's API over HTTP as a client sees it. */
function client(server: RunningServer) {
  const call = async (method: string, path: string, opts: { token?: string; json?: unknown; bytes?: Buffer } = {}) => {
    const headers: Record<string, string> = { 'accept-language': 'en-US' };
    if (opts.token) headers['portico-auth'] = `bearer ${opts.token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    if (opts.bytes) headers['content-type'] = 'application/pdf';
    const res = await fetch(server.url + path, { method, headers, body: opts.bytes ? new Uint8Array(opts.bytes) : opts.json === undefined ? undefined : JSON.stringify(opts.json) });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes, body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(bytes.toString()) : undefined };
  };
  return {
    call,
    async login(account: string): Promise<string> {
      const spki = (await call('GET', '/api/auth/public-key')).body.data.spki;
      const res = await call('POST', '/api/auth/token', { json: { account, password: sealPassword(spki, DEMO_PASSWORD), type: 'account' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.accessToken;
    },
  };
}

/** A throwaway database on the TEST_DATABASE_URL server (never the shared one), dropped after. */
async function throwawayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `backup_test_${randomBytes(5).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = postgres(base, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

interface Written {
  recordId: string;
  fileId: string;
  bytes: Buffer;
}

/** Writers creating TRFs with an attachment, and uploads taken off again, until stopped or `most` are made. */
function startWriters(api: ReturnType<typeof client>, token: string, count: number, most: number) {
  const acknowledged: Written[] = [];
  const scratch: string[] = [];
  let stop = false;
  let made = 0;
  const writer = async () => {
    while (!stop && made < most) {
      const bytes = fileBytes('pdf', 1000 + (made++ % 97) * 131);
      const up = await api.call('POST', '/api/files?name=spec.pdf', { token, bytes });
      expect(up.status).toBe(200);
      const rec = await api.call('POST', '/api/entities/trf', { token, json: { doc: validTrf({ attachments: [up.body.data] }) } });
      expect(rec.status, JSON.stringify(rec.body)).toBe(201);
      acknowledged.push({ recordId: rec.body.data.id, fileId: up.body.data.fileId, bytes });
      const gone = await api.call('POST', '/api/files?name=scratch.pdf', { token, bytes: fileBytes('pdf', 500) });
      scratch.push(gone.body.data.fileId);
      expect((await api.call('DELETE', `/api/files/${gone.body.data.fileId}`, { token })).status).toBe(200);
    }
  };
  const running = Promise.all(Array.from({ length: count }, writer));
  return {
    acknowledged,
    scratch,
    async stop() {
      stop = true;
      await running;
    },
  };
}

/**
 * Issue 58 item 4: `npm run backup` of a running portal while it takes writes, `npm run restore`
 * into a fresh data folder (and database), and a portal started there finds every record
 * acknowledged before the backup, with its attachment's bytes; a record written while the backup
 * ran is there whole or not at all, and an upload deleted meanwhile is gone, never a broken row.
 * On PGlite with the local folder; on PostgreSQL (pg_dump) with S3-compatible storage.
 */
describe.each(CASES)('backup and restore on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  const temp = mkdtempSync(join(tmpdir(), 'portico-backup-'));
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(temp, { recursive: true, force: true });
  });

  async function instance(name: string): Promise<Env> {
    const env: Env = { DATA_DIR: join(temp, name) };
    if (backend === 'pglite') return env;
    const db = await throwawayDatabase();
    cleanups.push(db.drop);
    const s3 = await startS3();
    cleanups.push(s3.close);
    return { ...env, DATABASE_URL: db.url, ...s3.env, S3_PREFIX: `${name}/` };
  }
  const start = async (env: Env) => {
    const server = await startServer({ port: 0, dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, filesEnv: env, clientDir: '/nonexistent', demoRecords: false, pressureEnv: { PRESSURE: 'off' } });
    cleanups.push(() => server.close());
    return server;
  };

  it('backs up a running portal under writes and restores every acknowledged record and file', async () => {
    const source = await instance('source');
    const server = await start(source);
    const api = client(server);
    // The control channel answers only its token: no session, no guess.
    for (const headers of [{}, { 'portico-control-token': 'guessed' }] as Record<string, string>[]) {
      const refused = await fetch(`${server.url}/api/backup`, { method: 'POST', headers: { 'accept-language': 'zh-CN', ...headers } });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe('控制令牌缺失或不正确');
    }
    const token = await api.login('applicant');
    const writers = startWriters(api, token, 3, 60);
    while (writers.acknowledged.length < 6) await new Promise((r) => setTimeout(r, 50));
    const before = writers.acknowledged.length;
    const scratchBefore = writers.scratch.length;
    const archive = join(temp, 'running.tar.gz');
    expect(await backupCommand(archive, source, root)).toBe('running portal');
    await writers.stop();
    expect(writers.acknowledged.length).toBeGreaterThan(before);

    // A running portal's folder is refused, and so is a folder holding something.
    await expect(restoreCommand(archive, source, root, false)).rejects.toThrow(RestoreRefused);
    const target = await instance('target');
    mkdirSync(target.DATA_DIR!, { recursive: true });
    writeFileSync(join(target.DATA_DIR!, 'note.txt'), 'kept');
    await expect(restoreCommand(archive, target, root, false)).rejects.toThrow(/not empty/);
    const manifest = await restoreCommand(archive, target, root, true);
    expect(manifest.database).toBe(backend);
    expect(existsSync(join(target.DATA_DIR!, 'note.txt'))).toBe(false);

    const restored = client(await start(target));
    const again = await restored.login('applicant');
    const found = await Promise.all(writers.acknowledged.map(async (w) => ({ w, rec: await restored.call('GET', `/api/entities/trf/${w.recordId}`, { token: again }) })));
    for (const { w, rec } of found.slice(0, before)) expect(rec.status, w.recordId).toBe(200);
    for (const { w, rec } of found.filter((f) => f.rec.status === 200)) {
      const file = await restored.call('GET', `/api/files/${w.fileId}`, { token: again });
      expect(file.status, w.fileId).toBe(200);
      expect(file.bytes.equals(w.bytes)).toBe(true);
      expect(rec.body.data.doc.attachments[0].fileId).toBe(w.fileId);
    }
    // Every record the restored database holds was acknowledged to a writer: nothing half-written.
    expect(found.filter((f) => f.rec.status !== 200).every((f) => f.rec.status === 404)).toBe(true);
    // An upload deleted before the backup is gone; one deleted while it ran is there or gone, never a broken row.
    const scratch = await Promise.all(writers.scratch.map((id) => restored.call('GET', `/api/files/${id}`, { token: again })));
    expect(scratch.slice(0, scratchBefore).every((r) => r.status === 404)).toBe(true);
    expect(scratch.every((r) => r.status === 404 || r.status === 200)).toBe(true);
  }, 300_000);

  it('refuses an archive that is not a backup and leaves the target untouched', async () => {
    const target = await instance('refused');
    const junk = join(temp, 'junk.tar.gz');
    writeFileSync(junk, randomBytes(2048));
    await expect(restoreCommand(junk, target, root, false)).rejects.toThrow();
    const empty = join(temp, 'empty.tar.gz');
    // A gzip of an empty tar (two zero blocks): a well-formed archive without a manifest.
    writeFileSync(empty, (await import('node:zlib')).gzipSync(Buffer.alloc(1024)));
    await expect(restoreCommand(empty, target, root, false)).rejects.toThrow(ManifestError);
    expect(existsSync(target.DATA_DIR!)).toBe(false);
  });
});
