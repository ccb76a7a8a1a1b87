import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { Database } from '../db/database.ts';

export interface LoginKey {
  /** SPKI DER, base64: what the browser imports with WebCrypto. */
  spki: string;
  decrypt(base64Cipher: string): string | undefined;
}

/**
 * The RSA key the browser encrypts passwords with (RSA-OAEP, SHA-256). Kept in the database so
 * every server process behind a load balancer uses the same one.
 */
export async function loadLoginKey(db: Database): Promise<LoginKey> {
  let { rows } = await db.query<{ public_der: string; private_pem: string }>("select public_der, private_pem from server_keys where name = 'login'");
  if (!rows[0]) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await db.query("insert into server_keys (name, public_der, private_pem) values ('login', $1, $2) on conflict (name) do nothing", [spki, pem]);
    ({ rows } = await db.query("select public_der, private_pem from server_keys where name = 'login'"));
  }
  const { public_der, private_pem } = rows[0]!;
  return {
    spki: public_der,
    decrypt(cipher) {
      try {
        return privateDecrypt({ key: private_pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cipher, 'base64')).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
