import { randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** Picture captchas: 4 characters from an alphabet without look-alikes, valid 2 minutes, single use. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_TTL_SECONDS = 120;
export type CaptchaCheck = 'ok' | 'timedOut' | 'invalid' | 'wrong';

function svg(text: string): string {
  const chars = [...text]
    .map((c, i) => {
      const x = 14 + i * 24 + randomInt(-3, 4);
      const y = 30 + randomInt(-4, 5);
      const rotate = randomInt(-25, 26);
      const hue = randomInt(0, 360);
      return `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" fill="hsl(${hue},60%,35%)">${c}</text>`;
    })
    .join('');
  const noise = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [randomInt(0, 120), randomInt(0, 44), randomInt(0, 120), randomInt(0, 44)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="hsl(${randomInt(0, 360)},40%,60%)" stroke-width="1.5"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44" viewBox="0 0 120 44"><rect width="120" height="44" fill="#f5f5f5"/>${noise}<g font-family="monospace" font-size="26" font-weight="bold">${chars}</g></svg>`;
}

export async function createCaptcha(db: Queryable): Promise<{ captchaKey: string; image: string; expiresInSeconds: number }> {
  const answer = Array.from({ length: 4 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const captchaKey = randomUUID();
  await db.query('insert into captchas (id, answer, expires_at) values ($1, $2, now() + make_interval(secs => $3))', [captchaKey, answer, CAPTCHA_TTL_SECONDS]);
  await db.query("delete from captchas where expires_at < now() - interval '1 day'");
  return { captchaKey, image: `data:image/svg+xml;base64,${Buffer.from(svg(answer)).toString('base64')}`, expiresInSeconds: CAPTCHA_TTL_SECONDS };
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
