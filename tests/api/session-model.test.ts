import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { sessionMachine, type LoginAttempt, type SessionEmitted } from '../../workflows/session.machine.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { eventually } from '../support/eventually.ts';
import { modelOf, traverse } from '../model/harness.ts';

const ACCOUNT = 'buyer';
const EMAIL = 'buyer@demo.portico.dev';
const PASSWORD = 'Portico#2024';

/**
 * Model-based: every transition case of the login/session machine (tests/model/harness.ts: the
 * shortest path to every state plus one case per (state, event)) is replayed against the API.
 * Before each case the account starts fresh (no failures, not locked). After every step the
 * server must agree with the model: the refusal code the machine emits is the API's errorCode,
 * the stored failure count and lock match the machine's context, a logged-in model has a live
 * token, and after logout or expiry the old token gets 401.
 */
describe.each(BACKENDS)('login/session machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  let staff = '';
  let originalHash = '';
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    originalHash = (await h.db.query<{ password_hash: string }>('select password_hash from users where account = $1', [ACCOUNT])).rows[0]!.password_hash;
  });
  afterAll(() => h.close());

  const captchaFields = async (captcha: LoginAttempt['captcha']) => {
    if (captcha === 'none') return {};
    const key = (await h.call({ method: 'GET', url: '/api/auth/captcha' })).body.data.captchaKey as string;
    const { rows } = await h.db.query<{ answer: string }>('select answer from captchas where id = $1', [key]);
    const answer = rows[0]!.answer;
    return { captchaKey: key, captchaCode: captcha === 'right' ? answer : answer === 'AAAA' ? 'BBBB' : 'AAAA' };
  };

  const submit = async (attempt: LoginAttempt) =>
    h.call({
      method: 'POST',
      url: '/api/auth/token',
      payload: { account: ACCOUNT, password: await h.encrypt(attempt.password === 'right' ? PASSWORD : 'not-the-password'), type: 'account', termsAccepted: true, ...(await captchaFields(attempt.captcha)) },
    });

  /** /retrievePassword through the API: a code by email (read from the outbox), then the new password (the same one, so the model's "right" stays right). */
  const resetPassword = async () => {
    // A code an hour old no longer counts against the address's sending limit (one a minute).
    await h.db.query("update verification_codes set created_at = created_at - interval '1 hour' where lower(target) = lower($1)", [EMAIL]);
    expect((await h.call({ method: 'POST', url: '/api/accounts/codes', payload: { email: EMAIL, purpose: 'resetPassword' } })).status).toBe(200);
    const mail = (await h.call({ method: 'GET', url: `/api/outbox?to=${encodeURIComponent(EMAIL)}`, token: staff })).body.data[0];
    const code = /(\d{6})/.exec(mail.subject)![1]!;
    const encrypted = await h.encrypt(PASSWORD);
    return h.call({ method: 'POST', url: '/api/accounts/password-reset', payload: { email: EMAIL, code, password: encrypted, passwordRepeat: await h.encrypt(PASSWORD) } });
  };

  const stored = async () => {
    const { rows } = await h.db.query<{ failed: number; locks: number; locked: boolean }>(
      'select failures as failed, locks, coalesce(locked_until > now(), false) as locked from login_throttle where account_key = $1',
      [ACCOUNT],
    );
    return rows[0] ?? { failed: 0, locks: 0, locked: false };
  };
  const userId = async () => (await h.db.query<{ id: string }>('select id from users where account = $1', [ACCOUNT])).rows[0]!.id;

  it('replays every transition case through the API and the server follows the model', async () => {
    const cases = traverse(modelOf('session', sessionMachine)).cases;
    expect(cases.length).toBeGreaterThan(15);
    const seen = new Set<string>();
    for (const c of cases) {
      await h.db.query('delete from login_throttle where account_key = $1', [ACCOUNT]);
      await h.db.query('update users set password_hash = $2 where account = $1', [ACCOUNT, originalHash]);
      const model = createActor(sessionMachine).start();
      const emitted: SessionEmitted[] = [];
      model.on('*', (e) => emitted.push(e as SessionEmitted));
      let token: string | undefined;
      let ended: string | undefined;
      for (const event of c.events as (EventObject & Record<string, unknown>)[]) {
        const step = `${c.name} at ${event.type}`;
        emitted.length = 0;
        model.send(event as never);
        const refusal = emitted.find((e) => e.type === 'loginRefused');
        if (event.type === 'SUBMIT') {
          const res = await submit(event as unknown as LoginAttempt);
          seen.add(refusal ? refusal.code : 'OK');
          if (refusal) expect(res.body.errorCode, step).toBe(refusal.code);
          else {
            expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
            token = res.body.data.accessToken;
          }
        } else if (event.type === 'LOGOUT') {
          expect((await h.call({ method: 'POST', url: '/api/auth/logout', token })).status, step).toBe(200);
          [ended, token] = [token, undefined];
        } else if (event.type === 'PASSWORD_RESET') {
          expect((await resetPassword()).status, step).toBe(200);
        } else if (event.type === 'STAFF_UNLOCK') {
          expect((await h.call({ method: 'POST', url: `/api/accounts/${await userId()}/unlock`, token: staff })).status, step).toBe(200);
        } else if (event.type.startsWith('xstate.after.lockDuration')) {
          // The lock's time has passed (a controllable clock: the stored end moves into the past).
          await h.db.query("update login_throttle set locked_until = now() - interval '1 second' where account_key = $1", [ACCOUNT]);
        } else if (event.type.startsWith('xstate.after.')) {
          await h.db.query("update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where account = $1) and revoked_at is null", [ACCOUNT]);
          [ended, token] = [token, undefined];
        }
        // LOCK_SCREEN / UNLOCK happen in the browser only: the server keeps the session (checked below).
        const snapshot = model.getSnapshot();
        const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
        const db = await stored();
        expect(db.failed, step).toBe(snapshot.context.failures);
        expect(db.locks, step).toBe(snapshot.context.locks);
        expect(db.locked, step).toBe(top === 'accountLocked');
        if (top === 'loggedIn') expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status, step).toBe(200);
        else expect(token, step).toBeUndefined();
        if (ended) {
          const gone = ended;
          // An expiry written straight in SQL reaches a cached session by its notification (migration 039): at the next request once notified.
          const refused = await eventually(async () => (await h.call({ method: 'GET', url: '/api/auth/me', token: gone })).status === 401);
          expect(refused, `${step}: the ended token`).toBe(true);
        }
      }
      model.stop();
    }
    expect([...seen].sort()).toEqual(['CAPTCHA_REQUIRED', 'CAPTCHA_WRONG', 'LOGIN_FAILED', 'OK', 'USER_LOCKED']);
    console.log(`Login/session machine replayed against the API (${backend}): ${cases.length} transition cases`);
  });
});
