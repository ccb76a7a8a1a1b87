import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { eventually } from '../support/eventually.ts';
import { ApiHarness } from '../support/api-harness.ts';

describe.each(BACKENDS)('auth API on %s', (backend) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
  });
  afterAll(() => h.close());

  it('serves the RSA public key for the login form', async () => {
    const res = await h.call({ method: 'GET', url: '/api/auth/public-key' });
    expect(res.status).toBe(200);
    expect(res.body.data.algorithm).toBe('RSA-OAEP-256');
    expect(Buffer.from(res.body.data.spki, 'base64').length).toBeGreaterThan(250);
  });

  it('logs in with an encrypted password and returns the session of SPEC §3', async () => {
    const res = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'staff', password: await h.encrypt('Portico#2024'), type: 'account' } });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(d.permissions.split(',')).toContain('trf:list');
    expect(d.dimensions).toEqual({ SGSUserRole: 'SgsAdmin' });
    expect(d.userInfo).toMatchObject({ account: 'staff', companyId: 'c-lab' });
    expect(d).toHaveProperty('posts');
    expect(d).toHaveProperty('guide');
    expect(d).toHaveProperty('tcpp');
    expect(d.userMgtId).toBe('u-staff');
    const buttons = await h.call({ method: 'GET', url: '/api/auth/buttons', token: d.accessToken });
    expect(buttons.body.data).toContain('trf:accept');
  });

  it('refuses a wrong password in the request language', async () => {
    const payload = { account: 'applicant', password: await h.encrypt('wrong-password'), type: 'account' };
    const zh = await h.call({ method: 'POST', url: '/api/auth/token', payload, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('账号或密码错误');
    const en = await h.call({ method: 'POST', url: '/api/auth/token', payload, lang: 'en-US' });
    expect(en.body.message).toBe('Wrong account or password');
  });

  it('refuses an unknown account, a short password and a password not encrypted with the key', async () => {
    const unknown = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'nobody', password: await h.encrypt('whatever1') } });
    expect(unknown.body.errorCode).toBe('LOGIN_FAILED');
    const short = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'applicant', password: await h.encrypt('12345') } });
    expect(short.body.errorCode).toBe('PASSWORD_TOO_SHORT');
    const plain = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'applicant', password: 'Portico#2024' } });
    expect(plain.status).toBe(400);
    expect(plain.body.errorCode).toBe('PASSWORD_NOT_DECRYPTABLE');
    const missing = await h.call({ method: 'POST', url: '/api/auth/token', payload: {} });
    expect(missing.status).toBe(400);
  });

  it('answers 401 without a session, with a bad token, and after logout', async () => {
    expect((await h.call({ method: 'GET', url: '/api/entities/trf' })).status).toBe(401);
    expect((await h.call({ method: 'GET', url: '/api/entities/trf', token: 'not-a-token' })).status).toBe(401);
    const token = await h.login('applicant');
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(200);
    expect((await h.call({ method: 'POST', url: '/api/auth/logout', token })).status).toBe(200);
    const after = await h.call({ method: 'GET', url: '/api/auth/me', token, lang: 'en-US' });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Your session has ended; please log in again');
  });

  it('accepts the session from the cookie too', async () => {
    const token = await h.login('buyer');
    const res = await h.call({ method: 'GET', url: '/api/auth/me', headers: { cookie: `other=1; portico_token=${token}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.userInfo.account).toBe('buyer');
  });

  it('expires sessions after 4 hours', async () => {
    const token = await h.login('agent');
    await h.db.query("update sessions set expires_at = now() - interval '1 second'");
    // Written straight in SQL, the expiry reaches a cached session by its notification (migration 039).
    expect(await eventually(async () => (await h.call({ method: 'GET', url: '/api/auth/me', token })).status === 401)).toBe(true);
  });
});
