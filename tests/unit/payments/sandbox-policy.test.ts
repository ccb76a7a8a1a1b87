import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildPaymentProviders } from '../../../server/payments/registry.ts';
import { decideSandbox, isLoopbackUrl, PaymentsConfigError } from '../../../server/payments/sandbox-policy.ts';

const LOCAL = 'http://localhost:8080';
const PUBLIC = 'https://portal.example.com';

/** The start-up decision on the payment sandboxes (server/payments/sandbox-policy.ts): explicit, local-demo only by default, refused on a public address. */
describe('payment sandbox decision', () => {
  it('knows loopback addresses', () => {
    for (const url of ['http://localhost:8080', 'http://app.localhost', 'http://127.0.0.1:3000', 'http://127.8.9.10', 'http://[::1]:8080']) expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [PUBLIC, 'http://10.0.0.5:8080', 'http://0.0.0.0:8080', 'http://127.evil.example', 'http://localhost.example.com', 'http://[::2]', 'not a url']) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });

  it('unset: on only for the local demo (loopback PUBLIC_URL, no real keys, not production)', () => {
    expect(decideSandbox({ env: {}, publicUrl: LOCAL, configured: [] })).toEqual({ sandbox: true, why: 'local demo' });
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: '' }, publicUrl: 'http://127.0.0.1:8080', configured: [] })).toEqual({ sandbox: true, why: 'local demo' });
    expect(decideSandbox({ env: {}, publicUrl: PUBLIC, configured: [] })).toEqual({ sandbox: false, why: 'not loopback' });
    expect(decideSandbox({ env: {}, publicUrl: LOCAL, configured: ['alipay'] })).toEqual({ sandbox: false, why: 'real keys' });
    expect(decideSandbox({ env: { NODE_ENV: 'production' }, publicUrl: LOCAL, configured: [] })).toEqual({ sandbox: false, why: 'production' });
  });

  it('explicit: 0 is off, 1 is on (also beside real keys) on a loopback address', () => {
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: '0' }, publicUrl: LOCAL, configured: [] })).toEqual({ sandbox: false, why: 'explicit' });
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: 'false' }, publicUrl: PUBLIC, configured: [] })).toEqual({ sandbox: false, why: 'explicit' });
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: '1' }, publicUrl: LOCAL, configured: ['alipay'] })).toEqual({ sandbox: true, why: 'explicit' });
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: 'true', NODE_ENV: 'production' }, publicUrl: LOCAL, configured: [] })).toEqual({ sandbox: true, why: 'explicit' });
  });

  it('refuses the sandbox on a public PUBLIC_URL unless PAYMENTS_SANDBOX_PUBLIC=1, and a flag it cannot read', () => {
    const refused = decideSandbox({ env: { PAYMENTS_SANDBOX: '1' }, publicUrl: PUBLIC, configured: [] });
    expect(refused).toEqual({ refused: expect.stringContaining(`PUBLIC_URL=${PUBLIC}, which is not a loopback address`) });
    expect((refused as { refused: string }).refused).toContain('PAYMENTS_SANDBOX_PUBLIC=1');
    expect((refused as { refused: string }).refused).not.toContain('\n');
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: '1', PAYMENTS_SANDBOX_PUBLIC: '0' }, publicUrl: PUBLIC, configured: [] })).toHaveProperty('refused');
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: '1', PAYMENTS_SANDBOX_PUBLIC: '1' }, publicUrl: PUBLIC, configured: [] })).toEqual({ sandbox: true, why: 'explicit' });
    // The allowance alone turns nothing on.
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX_PUBLIC: '1' }, publicUrl: PUBLIC, configured: [] })).toEqual({ sandbox: false, why: 'not loopback' });
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: 'yes' }, publicUrl: LOCAL, configured: [] })).toEqual({ refused: 'PAYMENTS_SANDBOX must be 1 or 0, not "yes"' });
    expect(decideSandbox({ env: { PAYMENTS_SANDBOX: '1', PAYMENTS_SANDBOX_PUBLIC: 'sure' }, publicUrl: PUBLIC, configured: [] })).toHaveProperty('refused');
  });

  it('buildPaymentProviders refuses the same configuration before mounting anything', async () => {
    const app = Fastify();
    const built = buildPaymentProviders(app, { env: { PAYMENTS_SANDBOX: '1' }, publicUrl: PUBLIC, fetch, log: () => undefined });
    await expect(built).rejects.toBeInstanceOf(PaymentsConfigError);
    await expect(built).rejects.toThrow('not a loopback address');
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/alipay/gateway.do' })).toBe(false);
    await app.close();
  });

  it('npm start stops with one line when the sandbox is on for a public PUBLIC_URL', { timeout: 120_000 }, () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const env = { PATH: process.env.PATH, PAYMENTS_SANDBOX: '1', PUBLIC_URL: PUBLIC, SKIP_CLIENT_BUILD: '1', PORT: '0' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server', 'start.ts')], { cwd: root, env, encoding: 'utf8', timeout: 110_000 });
    expect(run.status, run.stderr).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^PAYMENTS_SANDBOX=1 with PUBLIC_URL=https:\/\/portal\.example\.com, which is not a loopback address/);
    expect(run.stdout).not.toContain('running on');
  });
});
