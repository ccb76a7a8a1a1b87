import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { eventually } from '../support/eventually.ts';

/**
 * Sessions are checked from a per-process cache (server/auth/session-cache.ts). What ends or
 * changes a session reaches every app on the database: on PostgreSQL the second app has a pool
 * and a cache of its own (another process, in effect), told by migration 039's notifications.
 */
describe.each(BACKENDS)('session cache and its invalidation on %s', (backend) => {
  let h: ApiHarness;
  let other: { app: FastifyInstance; db: Database; filesDir: string };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    const db = h.url ? await openDatabase({ databaseUrl: h.url }) : h.db;
    const filesDir = mkdtempSync(join(tmpdir(), 'portico-files-'));
    other = { app: await buildApp({ db, registry: h.registry, filesDir, rateLimits: 'off' }), db, filesDir };
  });
  afterAll(async () => {
    await other.app.close();
    if (other.db !== h.db) await other.db.close();
    rmSync(other.filesDir, { recursive: true, force: true });
    await h.close();
  });

  /** GET /api/auth/me on the other app. */
  const meThere = async (token: string) => {
    const res = await other.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'portico-auth': `bearer ${token}` } });
    return { status: res.statusCode, data: res.statusCode === 200 ? (res.json() as { data: { dimensions: Record<string, string>; userInfo: { isAdmin: boolean } } }).data : undefined };
  };

  it('checks a known session without asking the database', async () => {
    const token = await h.login('buyer');
    const query = h.db.query.bind(h.db);
    let sessionReads = 0;
    h.db.query = ((sql: string, params?: readonly unknown[]) => {
      if (/from sessions/.test(sql)) sessionReads++;
      return query(sql, params);
    }) as Database['query'];
    try {
      for (let i = 0; i < 5; i++) expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(200);
    } finally {
      h.db.query = query;
    }
    expect(sessionReads).toBeLessThanOrEqual(1);
  });

  it('refuses a token everywhere once it is logged out in one app', async () => {
    const token = await h.login('applicant');
    expect((await meThere(token)).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(200);
    expect((await h.call({ method: 'POST', url: '/api/auth/logout', token })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(401);
    // Logout returns once its revocation has come back from the database, so the other app has
    // been sent it too: its next check, right away, refuses the token.
    expect((await meThere(token)).status).toBe(401);
  });

  it('refuses the sessions of an account disabled in the other app, and takes a new login once it is enabled', async () => {
    const staff = await h.login('staff');
    const token = await h.login('applicant');
    expect((await meThere(token)).status).toBe(200);
    const disabled = await h.call({ method: 'POST', url: '/api/account-posts/u-applicant/disable', token: staff });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(401);
    expect(await eventually(async () => (await meThere(token)).status === 401)).toBe(true);
    expect((await h.call({ method: 'POST', url: '/api/account-posts/u-applicant/enable', token: staff })).status).toBe(200);
    // The old session stays ended; a new login works in both apps.
    expect((await meThere(token)).status).toBe(401);
    expect((await meThere(await h.login('applicant'))).status).toBe(200);
  });

  it('serves a role or admin flag changed by any writer at the next request, and refuses a rejected account', async () => {
    const token = await h.login('buyer');
    const before = await meThere(token);
    expect(before.data?.userInfo.isAdmin).toBe(false);
    // Written straight in SQL, as another process or an operator would: only the notification tells the caches.
    await h.db.query(`update users set is_admin = true, dimensions = dimensions || '{"Probe":"yes"}'::jsonb where id = (select id from users where account = 'buyer')`);
    expect(await eventually(async () => (await meThere(token)).data?.dimensions.Probe === 'yes')).toBe(true);
    expect((await meThere(token)).data?.userInfo.isAdmin).toBe(true);
    expect(await eventually(async () => (await h.call({ method: 'GET', url: '/api/auth/me', token })).body.data?.dimensions.Probe === 'yes')).toBe(true);
    await h.db.query(`update users set status = 'rejected' where account = 'buyer'`);
    expect(await eventually(async () => (await meThere(token)).status === 401)).toBe(true);
    expect(await eventually(async () => (await h.call({ method: 'GET', url: '/api/auth/me', token })).status === 401)).toBe(true);
    await h.db.query(`update users set status = 'approved', is_admin = false, dimensions = dimensions - 'Probe' where account = 'buyer'`);
  });

  it('ends a cached session at its expiry', async () => {
    const token = await h.login('applicant');
    expect((await meThere(token)).status).toBe(200);
    await h.db.query(`update sessions set expires_at = now() - interval '1 second' where user_id = 'u-applicant' and revoked_at is null`);
    expect(await eventually(async () => (await meThere(token)).status === 401)).toBe(true);
    expect(await eventually(async () => (await h.call({ method: 'GET', url: '/api/auth/me', token })).status === 401)).toBe(true);
  });
});
