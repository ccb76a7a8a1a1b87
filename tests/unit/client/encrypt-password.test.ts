import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptPassword } from '../../../src/auth/encrypt-password.ts';

/** The login's password encryption, with WebCrypto (secure contexts) and without it (node-forge, plain http). */
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const decrypt = (b64: string) => privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');

describe('encryptPassword', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('encrypts with WebCrypto where it exists, as the server decrypts (RSA-OAEP, SHA-256)', async () => {
    expect(decrypt(await encryptPassword('Portico#2024 密码', spki))).toBe('Portico#2024 密码');
  });

  it('encrypts the same way without WebCrypto (a page served over plain http)', async () => {
    vi.stubGlobal('crypto', {});
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(decrypt(await encryptPassword('Portico#2024 密码', spki))).toBe('Portico#2024 密码');
  });
});
