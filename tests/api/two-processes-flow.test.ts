import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';
import { freshDatabase } from '../support/backends.ts';
import { fileBytes, sealPassword, validTrf } from '../support/api-harness.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.ts';
import { startS3 } from '../support/s3-server.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { sampleFormV1 } from './templates-fixture.ts';

type Answer = { status: number; body: any; bytes: Buffer };

/**
 * Issue 22: two server processes on one PostgreSQL behind a round-robin proxy serve one user's
 * whole TRF flow, each request on the other process than the one before: login with the captcha
 * after failures, a password reset by emailed code, uploading to S3-compatible storage, the
 * TRF's draft, submission and acceptance, the shared rate limits, a template published on one
 * process served by both, and logout. Two processes need a database server: PGlite belongs to one.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a TRF flow across two server processes', () => {
  let database: { db: Database; drop(): Promise<void>; url?: string };
  let s3: Awaited<ReturnType<typeof startS3>>;
  const servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let dataDir: string;
  let spki: string;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    s3 = await startS3();
    dataDir = mkdtempSync(join(tmpdir(), 'portico-two-'));
    // Started together: the start lock lets one migrate and seed while the other waits.
    servers.push(...(await Promise.all([startServerProcess(database.url!, dataDir, s3.env), startServerProcess(database.url!, dataDir, s3.env)])));
    proxy = await startRoundRobinProxy(servers.map((s) => s.base));
    spki = (await call('GET', '/api/auth/public-key')).body.data.spki;
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await s3?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(method: string, path: string, opts: { token?: string; json?: unknown; bytes?: Buffer; type?: string; lang?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en-US' };
    if (opts.token) headers['portico-auth'] = `bearer ${opts.token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    if (opts.bytes) headers['content-type'] = opts.type ?? 'application/pdf';
    const res = await fetch(proxy.base + path, { method, headers, body: opts.bytes ? new Uint8Array(opts.bytes) : (opts.json === undefined ? undefined : JSON.stringify(opts.json)) });
    const bytes = Buffer.from(await res.arrayBuffer());
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, body: isJson ? JSON.parse(bytes.toString()) : undefined, bytes };
  }
  const login = (account: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) =>
    call('POST', '/api/auth/token', { json: { account, password: sealPassword(spki, password), type: 'account', ...extra } });
  const token = async (account: string, password = DEMO_PASSWORD) => {
    const res = await login(account, password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.accessToken as string;
  };

  it('logs in with the captcha after failures, each step on the other process', async () => {
    for (let i = 1; i <= 3; i++) {
      const failed = await login('applicant', 'wrong-password');
      expect(failed.body).toMatchObject({ errorCode: 'LOGIN_FAILED', data: { captchaRequired: i >= 3 } });
    }
    expect((await login('applicant')).body.errorCode).toBe('CAPTCHA_REQUIRED');
    const captcha = (await call('GET', '/api/auth/captcha')).body.data;
    const { rows } = await database.db.query<{ answer: string }>('select answer from captchas where id = $1', [captcha.captchaKey]);
    const ok = await login('applicant', DEMO_PASSWORD, { captchaKey: captcha.captchaKey, captchaCode: rows[0]!.answer });
    expect(ok.status).toBe(200);
    const me = await call('GET', '/api/auth/me', { token: ok.body.data.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.userInfo.account).toBe('applicant');
  });

  it('resets a password with the code mailed by the other process', async () => {
    const staff = await token('staff');
    expect((await call('POST', '/api/accounts/codes', { json: { email: 'buyer@demo.portico.dev', purpose: 'resetPassword' } })).status).toBe(200);
    const mailed = await call('GET', `/api/outbox?to=${encodeURIComponent('buyer@demo.portico.dev')}`, { token: staff });
    const code = /(\d{6})/.exec(mailed.body.data[0].subject)![1]!;
    const sealed = sealPassword(spki, 'NewSecret#22');
    const reset = await call('POST', '/api/accounts/password-reset', { json: { email: 'buyer@demo.portico.dev', code, password: sealed, passwordRepeat: sealPassword(spki, 'NewSecret#22') } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await token('buyer', 'NewSecret#22')).toBeTruthy();
  });

  it('drafts, attaches, submits and accepts a TRF, the file in object storage, state the same on both', async () => {
    const applicant = await token('applicant');
    const staff = await token('staff');
    const bytes = fileBytes('pdf', 4096);
    const file = (await call('POST', '/api/files?name=spec.pdf', { token: applicant, bytes })).body.data;
    expect(file).toMatchObject({ fileName: 'spec.pdf', size: 4096 });
    const made = await call('POST', '/api/entities/trf', { token: applicant, json: { doc: validTrf({ attachments: [file] }) } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as string;
    for (let i = 0; i < 2; i++) {
      const got = await call('GET', `/api/files/${file.fileId}`, { token: applicant });
      expect(got.status).toBe(200);
      expect(got.bytes.equals(bytes)).toBe(true);
    }
    const submitted = await call('POST', `/api/entities/trf/${id}/events`, { token: applicant, json: { type: 'SUBMIT', version: 1 } });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // A stale version is refused by whichever process gets it.
    expect((await call('POST', `/api/entities/trf/${id}/events`, { token: staff, json: { type: 'ACCEPT_APPLICATION', version: 1 } })).status).toBe(409);
    const accepted = await call('POST', `/api/entities/trf/${id}/events`, { token: staff, json: { type: 'ACCEPT_APPLICATION', version: submitted.body.data.version } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    for (let i = 0; i < 2; i++) {
      const seen = await call('GET', `/api/entities/trf/${id}`, { token: applicant });
      expect(seen.body.data.states.$status).toBe('applicationAccepted');
      expect(seen.body.data.version).toBe(accepted.body.data.version);
    }
    const history = (await call('GET', `/api/entities/trf/${id}/history`, { token: applicant })).body.data;
    expect(history.map((e: any) => e.event ?? e.kind)).toEqual(['create', 'SUBMIT', 'ACCEPT_APPLICATION']);
    expect((await call('DELETE', `/api/files/${file.fileId}`, { token: applicant })).status).toBe(409);
    const { rows } = await database.db.query<{ path: string }>('select path from files where id = $1', [file.fileId]);
    expect(rows[0]!.path).toBe(file.fileId);
  });

  it('counts a client’s requests to a limited route on both processes together', async () => {
    // /api/auth/sso/validate allows 30 a minute per client: alternating processes, the 31st is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('GET', '/api/auth/sso/validate')).status);
    expect(statuses.slice(0, 30)).not.toContain(429);
    expect(statuses[30]).toBe(429);
  });

  it('serves a template published on one process from both', async () => {
    const staff = await token('staff');
    expect((await call('POST', '/api/templates', { token: staff, json: { code: 'crossForm', bundle: sampleFormV1() } })).status).toBe(201);
    expect((await call('POST', '/api/templates/crossForm/versions/1/publish', { token: staff })).status).toBe(200);
    // The other process hears of it at commit (LISTEN/NOTIFY): asked until both serve it, bounded.
    let inARow = 0;
    for (let i = 0; i < 300 && inARow < 2; i++) {
      inARow = (await call('GET', '/api/entities/crossForm', { token: staff })).status === 200 ? inARow + 1 : 0;
      if (inARow < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(inARow).toBe(2);
    const made = await call('POST', '/api/entities/crossForm', { token: staff, json: { doc: { title: 'From either' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });

  it('ends a session on both processes at logout', async () => {
    const applicant = await token('applicant');
    expect((await call('GET', '/api/auth/me', { token: applicant })).status).toBe(200);
    expect((await call('POST', '/api/auth/logout', { token: applicant })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await call('GET', '/api/auth/me', { token: applicant })).status).toBe(401);
    // Every request of the flow alternated between the two processes.
    expect(proxy.served.filter((s) => s === 0).length).toBeGreaterThan(20);
    expect(Math.abs(proxy.served.filter((s) => s === 0).length - proxy.served.filter((s) => s === 1).length)).toBeLessThanOrEqual(1);
  });
});
