import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_ATTR, FIRST_PAINT_COOKIE } from '../../engine/first-paint.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

const HEAD_SCRIPT = 'document.documentElement.setAttribute("data-first-paint", "zh-CN_light");';
const PAGE = `<!doctype html><html><head><meta charset="UTF-8" />\n<script>${HEAD_SCRIPT}</script></head><body><div id="root"></div></body></html>`;

/**
 * The lifecycle viewer's first paint (engine/first-paint.ts): the page the server sends for
 * /workflows/:machineId carries the machine's chart for a session that may review machines, in
 * the look its cookie names, and is the plain page for anyone else; the page's inline script is
 * allowed by its hash, and no other.
 */
describe.each(BACKENDS)('the lifecycle viewer page first paint on %s', (backend) => {
  let h: ApiHarness;
  let clientDir: string;
  let staff: string;
  let applicant: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'portico-client-'));
    writeFileSync(join(clientDir, 'index.html'), PAGE);
    h = await ApiHarness.start(backend, [], { clientDir });
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(async () => {
    await h.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const page = (url: string, token?: string, look?: string) =>
    h.app.inject({ method: 'GET', url, cookies: { ...(token ? { portico_token: token } : {}), ...(look ? { [FIRST_PAINT_COOKIE]: look } : {}) } });

  it('draws the machine from its shipped layout for staff, in the page, before the app', async () => {
    const res = await page('/workflows/trf', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    const html = res.body;
    expect(html.indexOf('<div id="first-paint"')).toBeGreaterThan(-1);
    expect(html.indexOf('<div id="first-paint"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
    expect(html).toContain(`${FIRST_PAINT_ATTR}="zh-CN_light"`);
    expect(html).toContain('<div class="fp-head">测试申请单</div>');
    // The states of the lifecycle, drawn: every state box and its label.
    expect((html.match(/<text /g) ?? []).length).toBeGreaterThan(50);
    expect(html).toContain('草稿');
  });

  it('draws it in the language and theme the cookie names', async () => {
    const html = (await page('/workflows/trf/', staff, 'en-US_dark')).body;
    expect(html).toContain(`${FIRST_PAINT_ATTR}="en-US_dark"`);
    expect(html).toContain('<div class="fp-head">Test request form</div>');
    expect(html).toContain('>Draft<');
    expect(html).toContain('background:#141414');
    // An unknown look is the default one.
    expect((await page('/workflows/trf', staff, 'fr-FR_blue')).body).toContain(`${FIRST_PAINT_ATTR}="zh-CN_light"`);
  });

  it('is the plain page without a session, without workflow:view, for an unknown machine or another path', async () => {
    for (const [url, token] of [
      ['/workflows/trf', undefined],
      ['/workflows/trf', 'not-a-session'],
      ['/workflows/trf', applicant],
      ['/workflows/nope', staff],
      ['/workflows/__proto__', staff],
      ['/workflows/trf/events', staff],
      ['/workflows/%2e%2e%2fpackage', staff],
      ['/workflows', staff],
    ] as const) {
      const res = await page(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${token ?? ''}`).toBe(PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('allows the page’s inline script by its hash, and no other inline script', async () => {
    const csp = String((await page('/workflows/trf', staff)).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
    const hash = createHash('sha256').update(HEAD_SCRIPT).digest('base64');
    expect(scriptSrc.trim().split(/\s+/)).toEqual(['script-src', "'self'", "'unsafe-eval'", `'sha256-${hash}'`]);
  });
});
