import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { rsa2Sign, rsa2Verify } from '../rsa2.ts';

/**
 * SHA256withRSA (PKCS#1 v1.5) with keys given as PEM (WeChat Pay's and UnionPay's key files), the
 * PEM perhaps with `\n` escapes (an environment variable), or an X.509 certificate for a public key.
 */
const unescaped = (pem: string) => pem.trim().replace(/\\n/g, '\n');

export function privateKeyOf(key: string | KeyObject): KeyObject {
  return typeof key === 'string' ? createPrivateKey(unescaped(key)) : key;
}

export function publicKeyOf(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  const pem = unescaped(key);
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

/** Base64 signature over the UTF-8 bytes of `data`. */
export const signSha256WithRsa = (key: string | KeyObject, data: string): string => rsa2Sign(data, privateKeyOf(key));

/** False (never a throw) for a bad key, signature or encoding. */
export function verifySha256WithRsa(key: string | KeyObject, data: string, signatureBase64: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false;
  try {
    return rsa2Verify(data, signatureBase64, publicKeyOf(key));
  } catch {
    return false;
  }
}
