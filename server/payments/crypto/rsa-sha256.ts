import { createPrivateKey, createPublicKey, createSign, createVerify, X509Certificate, type KeyObject } from 'node:crypto';

/** A private key from PEM (PKCS#8 or PKCS#1) or an already loaded key. */
export function privateKeyOf(key: string | KeyObject): KeyObject {
  return typeof key === 'string' ? createPrivateKey(key) : key;
}

/** A public key from a PEM public key, a PEM X.509 certificate, or an already loaded key. */
export function publicKeyOf(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  return key.includes('BEGIN CERTIFICATE') ? new X509Certificate(key).publicKey : createPublicKey(key);
}

/** SHA256withRSA (PKCS#1 v1.5) over the UTF-8 bytes of `data`, base64. */
export function signSha256WithRsa(key: string | KeyObject, data: string): string {
  return createSign('RSA-SHA256').update(data, 'utf8').sign(privateKeyOf(key), 'base64');
}

/** Checks a base64 SHA256withRSA signature; false (never a throw) for a bad key, signature or encoding. */
export function verifySha256WithRsa(key: string | KeyObject, data: string, signatureBase64: string): boolean {
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false;
    return createVerify('RSA-SHA256').update(data, 'utf8').verify(publicKeyOf(key), signatureBase64, 'base64');
  } catch {
    return false;
  }
}
