import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/**
 * Issue 11's holes around accounts and sessions, each as an attack: code guessing, lockout as a
 * denial of service, account probing, routes reached without a session, cross-site writes,
 * missing headers and anonymous floods. The clock is moved by moving stored times.
 */
describe.each(BACKENDS)('security: accounts and sessions on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
  });
  afterAll(() => h.close());

  const ageCodes = (email: string) =>
    h.db.query("update verification_codes set created_at = created_at - interval '1 hour' where lower(target) = lower($1)", [email]);
  const mailedCode = async (email: string) => {
    const res = await h.call({ method: 'GET', url: `/api/outbox?to=${encodeURIComponent(email)}`, token: staff });
    return /(\d{6})/.exec(res.body.data[0].subject)![1]!;
  };
  const reset = async (email: string, code: string) =>
    h.call({ method: 'POST', url: '/api/accounts/password-reset', lang: 'en-US', payload: { email, code, password: await h.encrypt('Newpass#2024'), passwordRepeat: await h.encrypt('Newpass#2024') } });

  it('kills a reset code after 5 wrong entries: the right one is refused after', async () => {
    const email = 'agent@demo.portico.dev';
    await ageCodes(email);
    expect((await h.call({ method: 'POST', url: '/api/accounts/codes', payload: { email, purpose: 'resetPassword' } })).status).toBe(200);
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset(email, wrong)).body.errorCode, `wrong entry ${i + 1}`).toBe('CODE_WRONG');
    const right = await reset(email, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('The verification code is invalid, please get it again');
    expect((await reset(email, wrong)).body.errorCode).toBe('CODE_INVALID');
  });

  it('locks for a while, not for good: the right password works once the lock has passed', async () => {
    const attempt = async (password: string, captcha = false) => {
      let fields = {};
      if (captcha) {
        const key = (await h.call({ method: 'GET', url: '/api/auth/captcha' })).body.data.captchaKey as string;
        const { rows } = await h.db.query<{ answer: string }>('select answer from captchas where id = $1', [key]);
        fields = { captchaKey: key, captchaCode: rows[0]!.answer };
      }
      return h.call({ method: 'POST', url: '/api/auth/token', lang: 'en-US', payload: { account: 'manufacturer', password: await h.encrypt(password), ...fields } });
    };
    for (let i = 0; i < 3; i++) expect((await attempt('Wrong#2024')).body.errorCode).toBe('LOGIN_FAILED');
    expect((await attempt('Wrong#2024', true)).body.errorCode).toBe('LOGIN_FAILED');
    const locked = await attempt('Wrong#2024', true);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(message('USER_LOCKED', 'en-US', { minutes: 15 }));
    expect((await attempt('Portico#2024', true)).body.errorCode, 'the right password during the lock').toBe('USER_LOCKED');
    await h.db.query("update login_throttle set locked_until = now() - interval '1 second' where account_key = 'manufacturer'");
    expect((await attempt('Portico#2024', true)).status, 'the right password after the lock').toBe(200);
  });

  it('counts parallel guesses one after the other: a burst gets 3 tries, then the captcha', async () => {
    const password = await h.encrypt('Wrong#2024');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'agent', password } })),
    );
    const codes = answers.map((a) => a.body.errorCode);
    expect(codes.filter((c) => c === 'LOGIN_FAILED').length).toBe(3);
    expect(codes.filter((c) => c === 'CAPTCHA_REQUIRED').length).toBe(9);
    const { rows } = await h.db.query<{ failures: number }>("select failures from login_throttle where account_key = 'agent'");
    expect(rows[0]!.failures).toBe(3);
  });

  it('draws the captcha as shapes: its answer is not in the picture as text', async () => {
    for (let i = 0; i < 5; i++) {
      const { captchaKey, image } = (await h.call({ method: 'GET', url: '/api/auth/captcha' })).body.data;
      const svg = Buffer.from(String(image).split(',')[1]!, 'base64').toString();
      const { rows } = await h.db.query<{ answer: string }>('select answer from captchas where id = $1', [captchaKey]);
      expect(svg).toContain('<path');
      expect(svg).not.toContain('<text');
      expect(svg.toUpperCase()).not.toContain(rows[0]!.answer);
    }
  });

  it('answers a failed login for an unknown account exactly as for a known one, in about the same time', async () => {
    const fail = async (account: string) => {
      const started = performance.now();
      const res = await h.call({ method: 'POST', url: '/api/auth/token', lang: 'en-US', payload: { account, password: await h.encrypt('Wrong#2024') } });
      return { res, ms: performance.now() - started };
    };
    for (let i = 1; i <= 3; i++) {
      const known = await fail('supplier');
      const unknown = await fail('nobody-here');
      expect({ status: unknown.res.status, body: unknown.res.body }, `failure ${i}`).toEqual({ status: known.res.status, body: known.res.body });
    }
    await h.db.query('delete from login_throttle');
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 7; i++) {
      times.known.push((await fail(`supplier`)).ms);
      times.unknown.push((await fail(`ghost-${i}`)).ms);
      await h.db.query('delete from login_throttle');
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [k, u] = [median(times.known), median(times.unknown)];
    // Both verify one scrypt hash: an unknown account must not answer in a fraction of the time.
    expect(u, `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeGreaterThan(k * 0.5);
  });

  it('does not tell whether an email is registered when a code is asked for', async () => {
    const ask = (email: string) => h.call({ method: 'POST', url: '/api/accounts/codes', lang: 'en-US', payload: { email, purpose: 'register' } });
    const known = await ask('buyer@demo.portico.dev');
    const unknown = await ask('new-person@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.data.message.replace('buyer@demo.portico.dev', '*')).toBe(unknown.body.data.message.replace('new-person@example.com', '*'));
  });

  it('needs a session on every route that is not declared public, whatever the spelling of the path', async () => {
    const fill = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
    const routes = h.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(50);
    const open = routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(
      [
        'GET /api/auth/captcha', 'GET /api/auth/public-key', 'GET /api/auth/sso/validate', 'GET /api/health', 'GET /api/openapi.json',
        'GET /api/sgs-im/im/getNotifyMsg', 'POST /api/accounts/codes', 'POST /api/accounts/password-reset', 'POST /api/accounts/register',
        'POST /api/accounts/simple-register', 'POST /api/auth/sso/login', 'POST /api/auth/token', 'POST /api/error-logs',
        // The payment providers' notifies, and the browser's form POST back from UnionPay: no session there.
        'POST /api/payments/notify/:provider', 'POST /api/payments/return/:provider',
      ].sort(),
    );
    let checked = 0;
    for (const r of routes.filter((x) => !x.public)) {
      const path = fill(r.url);
      const variants = [path, path.replace('/api/', '/%61pi/'), path.replace('/api/', '/%61%70%69/'), path.replace(/\/([a-z])/g, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`), path.replace('/api/', '/API/'), `${path}?x=1`, `${path}/`];
      for (const url of variants) {
        const res = await h.app.inject({ method: r.method as 'GET', url, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
        expect([401, 404], `${r.method} ${url} answered ${res.statusCode}`).toContain(res.statusCode);
        checked++;
      }
      expect((await h.app.inject({ method: r.method as 'GET', url: path.replace('/api/', '/%61pi/') })).statusCode, `${r.method} ${r.url} percent-encoded`).toBe(401);
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('refuses a write authenticated by the cookie alone from another origin, and takes it from ours', async () => {
    const login = await h.app.inject({ method: 'POST', url: '/api/auth/token', payload: { account: 'applicant', password: await h.encrypt('Portico#2024') } });
    const cookies = login.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string }[];
    const token = cookies.find((c) => c.name === 'portico_token')!;
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'portico_session')?.value).not.toBe(token.value);
    const cookie = `portico_token=${token.value}`;
    const created = await h.call({ method: 'POST', url: '/api/entities/trf', token: login.json().data.accessToken, payload: { doc: validTrf() } });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await h.app.inject({ method: 'GET', url: `/api/entities/trf/${id}`, headers: { cookie } })).statusCode, 'a read with the cookie').toBe(200);
    const foreign = await h.app.inject({ method: 'POST', url: `/api/entities/trf/${id}/copy`, headers: { cookie, origin: 'http://evil.example', host: 'portal.test' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errorCode).toBe('CROSS_ORIGIN');
    const bare = await h.app.inject({ method: 'POST', url: `/api/entities/trf/${id}/copy`, headers: { cookie, host: 'portal.test' } });
    expect(bare.statusCode, 'no Origin and no Referer').toBe(403);
    const ours = await h.app.inject({ method: 'POST', url: `/api/entities/trf/${id}/copy`, headers: { cookie, origin: 'http://portal.test', host: 'portal.test' } });
    expect(ours.statusCode).toBe(201);
    // A public route is served without the cookie's authority instead: here the form a payment gateway's page posts back (Origin null under no-referrer).
    const back = await h.app.inject({ method: 'POST', url: '/api/payments/return/unionpay?order=x', headers: { cookie, origin: 'null', host: 'portal.test', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'orderId=1' });
    expect([back.statusCode, back.headers.location]).toEqual([303, '/paySuccess?order=x']);
  });

  it('sends the browser protections on every answer, and no HSTS over plain HTTP', async () => {
    for (const url of ['/api/health', '/api/entities/trf']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends a code to one address at most once a minute, whoever asks', async () => {
    const email = 'applicant@demo.portico.dev';
    await ageCodes(email);
    const ask = (lang: string) => h.call({ method: 'POST', url: '/api/accounts/codes', lang, payload: { email, purpose: 'resetPassword' } });
    expect((await ask('en-US')).status).toBe(200);
    const again = await ask('zh-CN');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
  });
});

describe('security: rate limits of the anonymous routes', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start('pglite', [], { rateLimits: 'on' });
  });
  afterAll(() => h.close());

  it('answers 429 in the request language once a client passes a route\'s limit, and stores nothing more', async () => {
    // Each a row of its own, the ten within the address's bytes of a minute (the byte budget: error-log-retention.test.ts).
    const entry = (i: number) => ({ entries: [{ url: '/x', message: `boom ${i}`, stack: 'x'.repeat(1_000) }] });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await h.call({ method: 'POST', url: '/api/error-logs', payload: entry(i), lang: 'en-US' })).status);
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(10);
    const limited = await h.call({ method: 'POST', url: '/api/error-logs', payload: entry(20), lang: 'en-US' });
    expect(limited.body.message).toMatch(/^Too many requests; please try again in \d+ seconds$/);
    const { rows } = await h.db.query<{ n: number }>('select count(*)::int as n from error_logs');
    expect(rows[0]!.n).toBe(10);
    const huge = await h.call({ method: 'POST', url: '/api/error-logs', payload: { entries: [{ message: 'y'.repeat(300 * 1024) }] } });
    expect([413, 429]).toContain(huge.status);
  });
});

describe('security: behind a trusted https proxy', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start('pglite', [], { trustProxy: true });
  });
  afterAll(() => h.close());

  it('sends HSTS and makes the session cookie Secure when the proxy says the request came over https', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    expect((await h.app.inject({ method: 'GET', url: '/api/health', headers })).headers['strict-transport-security']).toContain('max-age=');
    const login = await h.app.inject({ method: 'POST', url: '/api/auth/token', headers, payload: { account: 'buyer', password: await h.encrypt('Portico#2024') } });
    expect(login.statusCode).toBe(200);
    expect((login.cookies as { name: string; secure?: boolean }[]).find((c) => c.name === 'portico_token')?.secure).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });
});
