import type { KeyObject } from 'node:crypto';
import { signSha256WithRsa, verifySha256WithRsa } from './crypto/rsa-sha256.ts';

/**
 * WeChat Pay API v3 signatures, shared by the adapter and its sandbox.
 * Requests: `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",timestamp="…",serial_no="…",signature="…"`,
 * the signature SHA256withRSA over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" (URL without the host).
 * Answers and notifies: headers Wechatpay-Timestamp/-Nonce/-Signature/-Serial, the signature over
 * "TIMESTAMP\nNONCE\nBODY\n".
 */
export const WECHAT_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** A signed message older or newer than this is refused (replays). */
export const WECHAT_CLOCK_SKEW_S = 300;

export const requestMessage = (method: string, url: string, timestamp: string, nonce: string, body: string) => `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
export const answerMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export interface AuthorizationParts {
  mchid: string;
  nonce_str: string;
  timestamp: string;
  serial_no: string;
  signature: string;
}

export function buildAuthorization(p: { mchId: string; serialNo: string; key: string | KeyObject; method: string; url: string; body: string; nonce: string; timestamp: string }): string {
  const signature = signSha256WithRsa(p.key, requestMessage(p.method, p.url, p.timestamp, p.nonce, p.body));
  return `${WECHAT_AUTH_SCHEMA} mchid="${p.mchId}",nonce_str="${p.nonce}",timestamp="${p.timestamp}",serial_no="${p.serialNo}",signature="${signature}"`;
}

/** The parts of an Authorization header; undefined when it is not a v3 one. */
export function parseAuthorization(header: string | undefined): AuthorizationParts | undefined {
  if (!header?.startsWith(`${WECHAT_AUTH_SCHEMA} `)) return undefined;
  const parts: Record<string, string> = {};
  for (const m of header.slice(WECHAT_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) parts[m[1]!] = m[2]!;
  const { mchid, nonce_str, timestamp, serial_no, signature } = parts;
  if (!mchid || !nonce_str || !timestamp || !serial_no || !signature) return undefined;
  return { mchid, nonce_str, timestamp, serial_no, signature };
}

/** Wechatpay-Timestamp, -Nonce, -Signature and -Serial. */
export type SignedHeaders = Record<string, string>;

export function signAnswer(p: { key: string | KeyObject; serialNo: string; body: string; nonce: string; timestamp: string }): SignedHeaders {
  return {
    'Wechatpay-Timestamp': p.timestamp,
    'Wechatpay-Nonce': p.nonce,
    'Wechatpay-Signature': signSha256WithRsa(p.key, answerMessage(p.timestamp, p.nonce, p.body)),
    'Wechatpay-Serial': p.serialNo,
  };
}

export const headerValue = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = headers[name.toLowerCase()] ?? headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Checks a signed answer or notify: the serial names the configured platform key, the timestamp
 * is fresh, the signature holds. Returns the reason it fails, or undefined when it holds.
 */
export function checkSignedAnswer(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  platform: { key: string | KeyObject; serialNo: string },
  nowMs: number,
): string | undefined {
  const timestamp = headerValue(headers, 'Wechatpay-Timestamp');
  const nonce = headerValue(headers, 'Wechatpay-Nonce');
  const signature = headerValue(headers, 'Wechatpay-Signature');
  const serial = headerValue(headers, 'Wechatpay-Serial');
  if (!timestamp || !nonce || !signature || !serial) return 'missing Wechatpay signature headers';
  if (serial !== platform.serialNo) return `unknown Wechatpay-Serial ${serial}`;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > WECHAT_CLOCK_SKEW_S) return 'stale or malformed Wechatpay-Timestamp';
  if (!verifySha256WithRsa(platform.key, answerMessage(timestamp, nonce, body), signature)) return 'bad Wechatpay-Signature';
  return undefined;
}
