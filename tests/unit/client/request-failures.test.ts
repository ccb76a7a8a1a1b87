import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import zh from '../../../src/i18n/zh-CN.json' with { type: 'json' };

/**
 * The request client (SPEC §7, §8): HTTP 200–500 judged by the body code; a body code other than
 * 200 shows the body's message (or the generic one in the user's language) and rejects; 401 ends
 * the session instead; a quiet caller shows the failure itself.
 */
const memoryStorage = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};
vi.stubGlobal('window', { location: { origin: 'http://portal.test', protocol: 'http:', href: 'http://portal.test/wel/index' } });
vi.stubGlobal('document', { cookie: '' });
vi.stubGlobal('sessionStorage', memoryStorage());
vi.stubGlobal('localStorage', memoryStorage());

const { request, onRequestFailure, onUnauthorized, alreadyShown } = await import('../../../src/api/client.ts');
const { ApiError } = await import('../../../src/api/api-error.ts');
const { i18n } = await import('../../../src/i18n/i18n.ts');

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('request failures', () => {
  const shown: string[] = [];
  let unauthorized = 0;
  beforeAll(() => {
    i18n.addResourceBundle('zh-CN', 'translation', zh, true, true);
    void i18n.changeLanguage('zh-CN');
    onRequestFailure((message) => shown.push(message));
    onUnauthorized(() => unauthorized++);
  });
  afterEach(() => {
    shown.length = 0;
    unauthorized = 0;
  });

  it('resolves the data of a body code 200 and shows nothing', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, data: { n: 1 } }));
    await expect(request('/api/x')).resolves.toEqual({ n: 1 });
    expect(shown).toEqual([]);
  });

  it('shows the body message of a non-200 body code and rejects with it, even on HTTP 200', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 500, message: 'Lab info was updated, please input again' }));
    const failure = request('/api/x').catch((e: unknown) => e);
    const e = await failure;
    expect(e).toBeInstanceOf(ApiError);
    expect((e as InstanceType<typeof ApiError>).code).toBe(500);
    expect((e as Error).message).toBe('Lab info was updated, please input again');
    expect(shown).toEqual(['Lab info was updated, please input again']);
  });

  it("shows the generic message in the user's language when the body has none", async () => {
    vi.stubGlobal('fetch', answer(400, { code: 400 }));
    await expect(request('/api/x')).rejects.toThrow(zh.errors.generic);
    expect(shown).toEqual([zh.errors.generic]);
    expect(zh.errors.generic).not.toBe('errors.generic');
  });

  it('a body that is not the envelope counts by its HTTP status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 502 });
    expect(shown).toEqual([zh.errors.generic]);
  });

  it('a 401 ends the session and shows nothing', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, message: 'Unauthorized' }));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(unauthorized).toBe(1);
    expect(shown).toEqual([]);
  });

  it('a 401 from a call that expects it (the login) does not end the session', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, message: 'Wrong password' }));
    await expect(request('/api/auth/token', { ignoreUnauthorized: true, quiet: true })).rejects.toThrow('Wrong password');
    expect(unauthorized).toBe(0);
    expect(shown).toEqual([]);
  });

  it('a quiet caller gets the error (field errors included) and nothing is shown', async () => {
    vi.stubGlobal('fetch', answer(400, { code: 400, message: 'Validation failed', errors: [{ field: 'mobile', message: 'Mobile number registered, please login directly!' }] }));
    const e = (await request('/api/account/me', { method: 'PUT', json: {}, quiet: true }).catch((x: unknown) => x)) as InstanceType<typeof ApiError>;
    expect(e.errors).toEqual([{ field: 'mobile', message: 'Mobile number registered, please login directly!' }]);
    expect(shown).toEqual([]);
  });

  it('a network failure shows the network message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 0, errorCode: 'NETWORK' });
    expect(shown).toEqual([zh.errors.network]);
  });

  it('the newest frame shows the message; once it leaves, the one before does again', async () => {
    const mine: string[] = [];
    const leave = onRequestFailure((m) => mine.push(m));
    vi.stubGlobal('fetch', answer(409, { code: 409, message: 'Invoice Information already exists' }));
    await request('/api/x').catch(alreadyShown);
    leave();
    await request('/api/x').catch(alreadyShown);
    expect(mine).toEqual(['Invoice Information already exists']);
    expect(shown).toEqual(['Invoice Information already exists']);
  });

  it('sends the language, client credentials and timestamp on every request', async () => {
    const fetch = answer(200, { code: 200, data: null });
    vi.stubGlobal('fetch', fetch);
    await request('/api/x', { query: { a: 1 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.searchParams.get('a')).toBe('1');
    expect(Number(url.searchParams.get('t'))).toBeGreaterThan(0);
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Basic /);
  });
});
