import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay's RSA2 (SHA256withRSA) signing of parameters (open platform "自行实现签名"): every
 * parameter except `sign` (and, for notifies, `sign_type`) with a non-empty value, sorted by name,
 * joined as `k=v` with `&`, signed with SHA-256 and RSA PKCS#1 v1.5, base64.
 */
export function signingString(params: Record<string, string>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(content: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** A key as Alipay's console shows it (bare base64, PKCS#8 private / SPKI public) or as PEM. */
function pem(text: string, label: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return trimmed.replace(/\\n/g, '\n');
  const body = trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

export const privateKeyOf = (text: string): KeyObject => createPrivateKey(pem(text, 'PRIVATE KEY'));
export const publicKeyOf = (text: string): KeyObject => createPublicKey(pem(text, 'PUBLIC KEY'));

/** A key as bare base64 (what Alipay's console and our configuration take). */
export const bareKey = (key: KeyObject): string =>
  key.type === 'private'
    ? key.export({ type: 'pkcs8', format: 'der' }).toString('base64')
    : key.export({ type: 'spki', format: 'der' }).toString('base64');
