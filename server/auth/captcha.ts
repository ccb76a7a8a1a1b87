import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db/database.ts';

/**
 * Picture captchas: 4 characters from an alphabet without look-alikes, valid 2 minutes, single use.
 * svg-captcha draws each character as glyph outlines (paths) with noise lines: the answer is not
 * in the markup as text, so a script cannot read it from the SVG.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_TTL_SECONDS = 120;
export type CaptchaCheck = 'ok' | 'timedOut' | 'invalid' | 'wrong';

function picture(): { answer: string; svg: string } {
  const { text, data } = svgCaptcha.create({ size: 4, charPreset: ALPHABET, noise: 2, color: true, background: '#f5f5f5', width: 120, height: 44, fontSize: 44 });
  return { answer: text, svg: data };
}

export async function createCaptcha(db: Queryable): Promise<{ captchaKey: string; image: string; expiresInSeconds: number }> {
  const { answer, svg } = picture();
  const captchaKey = randomUUID();
  await db.query('insert into captchas (id, answer, expires_at) values ($1, $2, now() + make_interval(secs => $3))', [captchaKey, answer, CAPTCHA_TTL_SECONDS]);
  await db.query("delete from captchas where expires_at < now() - interval '1 day'");
  return { captchaKey, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresInSeconds: CAPTCHA_TTL_SECONDS };
}

/** Uses up the captcha and tells timed out, invalid (unknown or used) and wrong apart. */
export async function checkCaptcha(db: Queryable, key: unknown, code: unknown): Promise<CaptchaCheck> {
  if (typeof key !== 'string' || typeof code !== 'string') return 'invalid';
  const { rows } = await db.query<{ answer: string; expired: boolean; used: boolean }>(
    'update captchas set used_at = coalesce(used_at, now()) where id = $1 returning answer, expires_at <= now() as expired, (used_at is not null and used_at < now()) as used',
    [key],
  );
  const c = rows[0];
  if (!c || c.used) return 'invalid';
  if (c.expired) return 'timedOut';
  return c.answer === code.trim().toUpperCase() ? 'ok' : 'wrong';
}
