import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

describe.each(BACKENDS)('captcha and lockout at login on %s', (backend) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
  });
  afterAll(() => h.close());

  const attempt = async (account: string, password: string, extra: Record<string, unknown> = {}) =>
    h.call({ method: 'POST', url: '/api/auth/token', payload: { account, password: await h.encrypt(password), ...extra }, lang: 'en-US' });
  const captcha = async () => {
    const res = await h.call({ method: 'GET', url: '/api/auth/captcha' });
    const { rows } = await h.db.query<{ answer: string }>('select answer from captchas where id = $1', [res.body.data.captchaKey]);
    return { key: res.body.data.captchaKey as string, image: res.body.data.image as string, answer: rows[0]!.answer };
  };

  it('serves a picture captcha as an SVG image', async () => {
    const c = await captcha();
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(c.answer).toMatch(/^[A-Z2-9]{4}$/);
  });

  it('asks for the captcha after 3 failures and tells missing, wrong, invalid and timed-out captchas apart', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await attempt('supplier', 'wrong-password');
      expect(res.body.errorCode).toBe('LOGIN_FAILED');
      expect(res.body.data.captchaRequired).toBe(i >= 3);
    }
    const missing = await attempt('supplier', 'Portico#2024');
    expect(missing.body).toMatchObject({ errorCode: 'CAPTCHA_REQUIRED', data: { captchaRequired: true } });
    const c1 = await captcha();
    const wrong = await attempt('supplier', 'Portico#2024', { captchaKey: c1.key, captchaCode: c1.answer === 'AAAA' ? 'BBBB' : 'AAAA' });
    expect(wrong.body.message).toBe('The picture code is wrong; please enter it again');
    const reused = await attempt('supplier', 'Portico#2024', { captchaKey: c1.key, captchaCode: c1.answer });
    expect(reused.body.message).toBe('The picture code is invalid; please refresh it');
    const c2 = await captcha();
    await h.db.query("update captchas set expires_at = now() - interval '1 second' where id = $1", [c2.key]);
    const late = await attempt('supplier', 'Portico#2024', { captchaKey: c2.key, captchaCode: c2.answer });
    expect(late.body.message).toBe('The picture code has timed out; please refresh it');
    const c3 = await captcha();
    const ok = await attempt('supplier', 'Portico#2024', { captchaKey: c3.key, captchaCode: c3.answer.toLowerCase() });
    expect(ok.status).toBe(200);
    expect((await attempt('supplier', 'wrong-password')).body.data.captchaRequired).toBe(false);
  });

  it('locks the account after 5 failures in a row, even for the right password', async () => {
    for (let i = 1; i <= 5; i++) {
      const extra = i > 3 ? await captcha().then((c) => ({ captchaKey: c.key, captchaCode: c.answer })) : {};
      const res = await attempt('agent', 'wrong-password', extra);
      expect(res.status, `attempt ${i}`).toBe(i < 5 ? 400 : 403);
    }
    const c = await captcha();
    const locked = await attempt('agent', 'Portico#2024', { captchaKey: c.key, captchaCode: c.answer });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('User locked please contact administrator! Or try again in 15 minutes, or reset the password');
  });

  it('records the terms acceptance and the marketing choice', async () => {
    const res = await attempt('manufacturer', 'Portico#2024', { termsAccepted: true, receiveMarketingCommunication: true });
    expect(res.status).toBe(200);
    const { rows } = await h.db.query<{ terms: boolean; marketing: boolean }>(
      "select terms_accepted_at is not null as terms, receive_marketing as marketing from users where account = 'manufacturer'",
    );
    expect(rows[0]).toEqual({ terms: true, marketing: true });
  });
});
