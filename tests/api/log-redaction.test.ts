import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/app.ts';
import { userByAccount } from '../../server/auth/sessions.ts';
import { COMPANY_RECORDS_FROM_ROWS } from '../../server/db/migrations.ts';
import { EntityService } from '../../server/entities/service.ts';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { withRequestId } from '../../server/observe/request-context.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { deliverPendingMail } from '../../server/mail/mail-worker.ts';
import { logSettingsFromEnv } from '../../server/observe/logging.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';
import { timedRegistry } from '../fixtures/timed-entity.ts';

type Line = { level: number; msg: string; reqId?: string; userId?: string; companyId?: string; [key: string]: unknown };

/**
 * Issue 58 item 3: the server's JSON log lines name the request id through what the request
 * causes (its effects, the mail they queue, the mail's delivery) and the user and company by id,
 * and never a password, a session token, a cookie or an address.
 */
describe.each(BACKENDS)('structured logs on %s', (backend) => {
  const raw: string[] = [];
  const lines = () => raw.map((l) => JSON.parse(l) as Line);
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend, [], { smtpConfigured: true, logger: { level: 'info', stream: { write: (line) => raw.push(line) } } });
  });
  afterAll(() => h?.close());

  it('logs a login and signed-in requests with ids, and never the password, the token or the cookie', async () => {
    const sealed = await h.encrypt(DEMO_PASSWORD);
    const login = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'staff', password: sealed, type: 'account' } });
    expect(login.status).toBe(200);
    const token = login.body.data.accessToken as string;
    const byHeader = await h.app.inject({ method: 'GET', url: '/api/outbox?to=secret-search@example.com', headers: { 'portico-auth': `bearer ${token}`, authorization: 'Bearer some-other-credential' } });
    expect(byHeader.statusCode).toBe(200);
    const byCookie = await h.app.inject({ method: 'GET', url: '/api/entities/trf', cookies: { portico_token: token } });
    expect(byCookie.statusCode).toBe(200);
    const all = raw.join('\n');
    for (const secret of [DEMO_PASSWORD, sealed, token, 'some-other-credential', 'secret-search']) expect(all, secret.slice(0, 12)).not.toContain(secret);
    const { id, companyId } = (await h.db.query<{ id: string; companyId: string }>(`select id, company_id as "companyId" from users where account = 'staff'`)).rows[0]!;
    const ofRequest = lines().filter((l) => l.reqId === byHeader.headers['x-request-id']);
    // Its path and route pattern, without the query (an address searched for).
    expect(ofRequest.find((l) => l.msg === 'incoming request')).toMatchObject({ req: { method: 'GET', url: '/api/outbox', route: '/api/outbox' } });
    expect(ofRequest.find((l) => l.msg === 'request completed')).toMatchObject({ userId: id, companyId, res: { statusCode: 200 } });
    expect(lines().some((l) => l.reqId === byCookie.headers['x-request-id'] && l.userId === id)).toBe(true);
  });

  it('carries the request id from a decision to its effect, the mail the effect queues and the mail\'s delivery', async () => {
    const staff = await h.login('staff');
    await h.db.query("insert into companies (id, name, roles, approval_status) values ('c-logged', 'Logged Ltd.', '{applicant}', 'todo')");
    await h.db.query(
      `insert into users (id, account, user_name, email, password_hash, company_id, roles, status, settings)
       values ('u-logged', 'logged', 'Logged Person', 'logged.person@example.com', 'x', 'c-logged', '{applicant}', 'toBeReviewed', '{"language":"en-US"}')`,
    );
    await h.db.exec(COMPANY_RECORDS_FROM_ROWS);
    const decided = await h.app.inject({ method: 'POST', url: '/api/accounts/u-logged/reject', headers: { 'portico-auth': `bearer ${staff}` }, payload: { reason: 'Unknown company' } });
    expect(decided.statusCode).toBe(200);
    const requestId = decided.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The effect and the mail it queued keep the request's id.
    const effects = (await h.db.query<{ request_id: string }>("select request_id from effects where subject_id = 'u-logged'")).rows;
    expect(effects.map((e) => e.request_id)).toEqual([requestId]);
    const queued = (await h.db.query<{ id: number; request_id: string }>("select id::int as id, request_id from outbox where to_address = 'logged.person@example.com' and status = 'pending'")).rows;
    // The account's mail and the company's (the same address here).
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(new Set(queued.map((m) => m.request_id))).toEqual(new Set([requestId]));
    expect(lines().some((l) => l.msg === 'effect done' && l.reqId === requestId && l.kind === 'sendEmail')).toBe(true);

    const sent: string[] = [];
    expect(await deliverPendingMail(h.db, { sendMail: async (m) => sent.push(m.to) }, 'Portico <no-reply@portico.test>', { log: h.app.log })).toBeGreaterThanOrEqual(1);
    expect(sent).toContain('logged.person@example.com');
    const delivery = lines().find((l) => l.msg === 'mail sent' && l.outboxId === queued[0]!.id);
    expect(delivery).toMatchObject({ reqId: requestId });
    // Ids only: no address, name or the mail's text in any line.
    const all = raw.join('\n');
    for (const personal of ['logged.person@example.com', 'Logged Person', 'Unknown company']) expect(all).not.toContain(personal);
  });

  it('takes the level from LOG_LEVEL, keeps LOG=1, and refuses a level that is not one', () => {
    expect(logSettingsFromEnv({ LOG_LEVEL: 'warn' })).toEqual({ level: 'warn' });
    expect(logSettingsFromEnv({ LOG: '1' })).toEqual({ level: 'info' });
    expect(logSettingsFromEnv({ LOG: '1', LOG_LEVEL: 'DEBUG' })).toEqual({ level: 'debug' });
    expect(logSettingsFromEnv({})).toBeUndefined();
    expect(() => logSettingsFromEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/);
  });
});

describe.each(BACKENDS)('a timer fires as part of the request that set it, on %s', (backend) => {
  it('keeps the request id with the record\'s timers and logs the firing with it', async () => {
    const { db, drop } = await freshDatabase(backend);
    try {
      const registry = timedRegistry();
      await prepareDatabase(db, registry);
      await seedDemoAccounts(db);
      const user = (await userByAccount(db, 'applicant'))!;
      const service = new EntityService(db);
      const reg = registry.get('timedCheck');
      const id = await withRequestId('req-timer-0001', async () => {
        const made = await service.create(reg, { doc: { title: 'Timed' } }, user, 'en-US');
        await service.send(reg, made.id, { type: 'START', version: 1 }, user, 'en-US');
        return made.id;
      });
      const stored = async () => (await db.query<{ request_id: string | null }>('select timer_request_id as request_id from records where id = $1', [id])).rows[0]!.request_id;
      expect(await stored()).toBe('req-timer-0001');
      await db.query("update records set timer_due_at = now() - interval '1 second' where id = $1", [id]);
      const seen: { line: Record<string, unknown>; msg: string }[] = [];
      const capture = (line: Record<string, unknown>, msg: string) => seen.push({ line, msg });
      const log = { info: capture, warn: capture, error: capture } as unknown as FastifyBaseLogger;
      expect(await fireDueTimers(db, registry, new EntityService(db), { log })).toBe(1);
      expect(seen).toEqual([{ msg: 'timer fired', line: { reqId: 'req-timer-0001', recordId: id, entity: 'timedCheck' } }]);
      // No timer left: no request id kept with none.
      expect(await stored()).toBeNull();
    } finally {
      await drop();
    }
  });
});
