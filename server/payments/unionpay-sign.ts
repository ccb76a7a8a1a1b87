import { createHash, X509Certificate, type KeyObject } from 'node:crypto';
import { signingString } from './rsa2.ts';
import { publicKeyOf, signSha256WithRsa, verifySha256WithRsa } from './crypto/rsa-sha256.ts';

/**
 * UnionPay online gateway 5.1.0 signatures (signMethod 01), shared by the adapter and its sandbox:
 * the fields but `signature`, non-empty, sorted by name, joined `k=v` with `&`; its SHA-256 as
 * lowercase hex; that hex string signed SHA256withRSA; base64. Requests carry the merchant
 * certificate's serial number in decimal as `certId`; UnionPay's messages carry its signing
 * certificate as `signPubKeyCert`, trusted when issued by the configured middle and root
 * certificates and named for UnionPay (the third `@`-part of its CN), or when it is the configured one.
 */
export const UNIONPAY_SIGNER_NAME = '中国银联股份有限公司';

export const unionpayDigest = (fields: Record<string, string>): string => createHash('sha256').update(signingString(fields, ['signature']), 'utf8').digest('hex');

export const signUnionpay = (fields: Record<string, string>, key: string | KeyObject): string => signSha256WithRsa(key, unionpayDigest(fields));

export const verifyUnionpaySignature = (fields: Record<string, string>, key: string | KeyObject): boolean =>
  typeof fields.signature === 'string' && verifySha256WithRsa(key, unionpayDigest(fields), fields.signature);

/** A certificate's serial number in decimal (UnionPay's certId). */
export const certIdOf = (certPem: string): string => BigInt(`0x${new X509Certificate(certPem).serialNumber}`).toString(10);

/** How UnionPay's signing certificate is trusted. */
export interface UnionpayTrust {
  rootCertPem?: string;
  middleCertPem?: string;
  /** UnionPay's signing certificate, configured: trusted as is, the message's own is then ignored. */
  verifyCertPem?: string;
  signerName?: string;
}

const validAt = (cert: X509Certificate, at: number) => at >= Date.parse(cert.validFrom) && at <= Date.parse(cert.validTo);

/** The CN's third `@`-separated part (CFCA@…@中国银联股份有限公司@…). */
export function signerNameOf(cert: X509Certificate): string | undefined {
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1];
  return cn?.split('@')[2];
}

/** UnionPay's signing key for a message, or why it is not trusted. */
export function trustedSignerKey(fields: Record<string, string>, trust: UnionpayTrust, at: number): { key: KeyObject } | { error: string } {
  if (trust.verifyCertPem) return { key: publicKeyOf(trust.verifyCertPem) };
  if (!trust.rootCertPem || !trust.middleCertPem) return { error: 'no UnionPay root and middle certificates configured' };
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(fields.signPubKeyCert ?? '');
  } catch {
    return { error: 'signPubKeyCert missing or not a certificate' };
  }
  const middle = new X509Certificate(trust.middleCertPem);
  const root = new X509Certificate(trust.rootCertPem);
  const chained = cert.checkIssued(middle) && cert.verify(middle.publicKey) && middle.ca && middle.checkIssued(root) && middle.verify(root.publicKey);
  if (!chained) return { error: 'signPubKeyCert not issued by the configured UnionPay chain' };
  if (!validAt(cert, at) || !validAt(middle, at)) return { error: 'signPubKeyCert expired or not yet valid' };
  const name = signerNameOf(cert);
  if (name !== (trust.signerName ?? UNIONPAY_SIGNER_NAME)) return { error: `signPubKeyCert names ${name ?? 'nobody'}, not UnionPay` };
  return { key: cert.publicKey };
}

/** Why a UnionPay message does not verify, or undefined when it does. */
export function checkUnionpayMessage(fields: Record<string, string>, trust: UnionpayTrust, at: number): string | undefined {
  if (fields.signMethod !== '01') return `unsupported signMethod ${fields.signMethod ?? ''}`;
  const signer = trustedSignerKey(fields, trust, at);
  if ('error' in signer) return signer.error;
  return verifyUnionpaySignature(fields, signer.key) ? undefined : 'bad signature';
}

/**
 * A synchronous answer of the gateway: `k=v&k=v` with raw values (not URL-encoded), a value
 * possibly holding `{…}` or `[…]` with `&` inside, as UnionPay's SDK reads it.
 */
export function parseUnionpayAnswer(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let depth = 0;
  let start = 0;
  const take = (end: number) => {
    const pair = text.slice(start, end);
    const eq = pair.indexOf('=');
    if (eq > 0) out[pair.slice(0, eq)] = pair.slice(eq + 1);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && depth > 0) depth--;
    else if (c === '&' && depth === 0) {
      take(i);
      start = i + 1;
    }
  }
  take(text.length);
  return out;
}

/** The gateway's way of writing a synchronous answer. */
export const formatUnionpayAnswer = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
