import { afterAll, describe, expect, it } from 'vitest';
import { configureSecrets, decryptSecret, encryptSecret } from '../../server/entities/secrets.ts';

/** The x-secret cipher (server/entities/secrets.ts): AES-256-GCM under the configured key. */
describe('secret fields are sealed with the configured key', () => {
  afterAll(() => configureSecrets({}));

  it('seals with a fresh nonce and opens only under the same key', async () => {
    await configureSecrets({ SECRETS_KEY: 'a'.repeat(64) });
    const one = encryptSecret('sk-live-1');
    expect(one).toMatch(/^v1:/);
    expect(one).not.toContain('sk-live');
    expect(encryptSecret('sk-live-1')).not.toBe(one);
    expect(decryptSecret(one)).toBe('sk-live-1');
    await configureSecrets({ SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(() => decryptSecret(one)).toThrow();
    expect(() => decryptSecret('v1:broken')).toThrow('unreadable secret');
  });

  it('refuses a key of the wrong size, and production without a key', async () => {
    await expect(configureSecrets({ SECRETS_KEY: 'abcd' })).rejects.toThrow('32 bytes');
    await expect(configureSecrets({ NODE_ENV: 'production' })).rejects.toThrow('SECRETS_KEY is required in production');
  });
});
