import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * AEAD_AES_256_GCM as WeChat Pay API v3 uses it for notify resources: a 32-byte key (the APIv3
 * key, ASCII), a nonce (ASCII, 12 bytes), associated data (ASCII, may be empty), and the base64
 * of ciphertext followed by the 16-byte authentication tag.
 */
export interface GcmSealed {
  ciphertext: string;
  nonce: string;
  associatedData: string;
}

const TAG_BYTES = 16;

function keyBytes(key: string): Buffer {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length !== 32) throw new Error('AEAD_AES_256_GCM needs a 32-byte key');
  return bytes;
}

export function encryptAeadAes256Gcm(key: string, plaintext: string, nonce: string, associatedData: string): GcmSealed {
  const cipher = createCipheriv('aes-256-gcm', keyBytes(key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext: body.toString('base64'), nonce, associatedData };
}

/** The plaintext; throws when the tag does not match (tampered ciphertext, wrong key, nonce or associated data). */
export function decryptAeadAes256Gcm(key: string, sealed: GcmSealed): string {
  const body = Buffer.from(sealed.ciphertext, 'base64');
  if (body.length <= TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(key), Buffer.from(sealed.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(sealed.associatedData, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}
