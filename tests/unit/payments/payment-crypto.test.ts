import { describe, expect, it } from 'vitest';
import forge from 'node-forge';
import { decryptAeadAes256Gcm, encryptAeadAes256Gcm } from '../../../server/payments/crypto/aead-aes-256-gcm.ts';
import { signSha256WithRsa, verifySha256WithRsa } from '../../../server/payments/crypto/rsa-sha256.ts';
import { generateRsaKeyPair, issueCertificate } from '../../../server/payments/crypto/sandbox-pki.ts';
import { beijingCompact, beijingRfc3339, parseBeijingCompact } from '../../../server/payments/crypto/beijing-time.ts';
import { answerMessage, buildAuthorization, checkSignedAnswer, parseAuthorization, requestMessage, signAnswer } from '../../../server/payments/wechat-sign.ts';
import {
  certIdOf,
  checkUnionpayMessage,
  formatUnionpayAnswer,
  parseUnionpayAnswer,
  signUnionpay,
  trustedSignerKey,
  UNIONPAY_SIGNER_NAME,
  unionpayDigest,
} from '../../../server/payments/unionpay-sign.ts';

/** Vectors made with node-forge (an implementation independent of node's crypto) and written down here. */
const GCM = {
  key: '0123456789abcdef0123456789abcdef',
  nonce: 'abcdefghijkl',
  associatedData: 'transaction',
  plaintext: '{"out_trade_no":"PO20261124001","amount":{"total":12345}}',
  ciphertext: 'Eu6myr+6GaECeJdOZPZ6BX5h9C2JsllqL4wKrOJt7MZOqc2TWzqGgXABstRh5+axvG+NhohqQ4ajGaG6o1+KAOIi48ovTSMuNw==',
};

const forgeSign = (privateKeyPem: string, data: string) => {
  const md = forge.md.sha256.create();
  md.update(forge.util.encodeUtf8(data));
  return forge.util.encode64(forge.pki.privateKeyFromPem(privateKeyPem).sign(md));
};

describe('AEAD_AES_256_GCM (WeChat Pay notify resources)', () => {
  it('decrypts the known vector and encrypts to it', () => {
    expect(decryptAeadAes256Gcm(GCM.key, GCM)).toBe(GCM.plaintext);
    expect(encryptAeadAes256Gcm(GCM.key, GCM.plaintext, GCM.nonce, GCM.associatedData).ciphertext).toBe(GCM.ciphertext);
  });

  it('refuses a changed ciphertext, tag, nonce, associated data or key', () => {
    const body = Buffer.from(GCM.ciphertext, 'base64');
    const flip = (i: number) => {
      const b = Buffer.from(body);
      b[i] = b[i]! ^ 1;
      return b.toString('base64');
    };
    expect(() => decryptAeadAes256Gcm(GCM.key, { ...GCM, ciphertext: flip(0) })).toThrow();
    expect(() => decryptAeadAes256Gcm(GCM.key, { ...GCM, ciphertext: flip(body.length - 1) })).toThrow();
    expect(() => decryptAeadAes256Gcm(GCM.key, { ...GCM, nonce: 'abcdefghijkm' })).toThrow();
    expect(() => decryptAeadAes256Gcm(GCM.key, { ...GCM, associatedData: 'certificate' })).toThrow();
    expect(() => decryptAeadAes256Gcm('0123456789abcdef0123456789abcdeF', GCM)).toThrow();
    expect(() => decryptAeadAes256Gcm('short', GCM)).toThrow('32-byte key');
    expect(() => decryptAeadAes256Gcm(GCM.key, { ...GCM, ciphertext: 'AAAA' })).toThrow('too short');
  });
});

describe('SHA256withRSA', () => {
  const keys = generateRsaKeyPair();
  it('signs exactly as node-forge does (PKCS#1 v1.5 is deterministic) and verifies its signatures', () => {
    const data = 'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"amount":{"total":1}}\n';
    expect(signSha256WithRsa(keys.privateKeyPem, data)).toBe(forgeSign(keys.privateKeyPem, data));
    expect(verifySha256WithRsa(keys.publicKeyPem, data, forgeSign(keys.privateKeyPem, data))).toBe(true);
    expect(verifySha256WithRsa(keys.publicKeyPem, `${data} `, forgeSign(keys.privateKeyPem, data))).toBe(false);
    expect(verifySha256WithRsa(keys.publicKeyPem, data, 'not base64!')).toBe(false);
    expect(verifySha256WithRsa('not a key', data, forgeSign(keys.privateKeyPem, data))).toBe(false);
    expect(verifySha256WithRsa(keys.publicKeyPem.replace(/\n/g, '\\n'), data, forgeSign(keys.privateKeyPem, data))).toBe(true);
  });
});

describe('WeChat Pay API v3 signatures', () => {
  const merchant = generateRsaKeyPair();
  it('builds the request message and the Authorization header of the documentation', () => {
    const body = '{"mchid":"1900000109"}';
    expect(requestMessage('POST', '/v3/pay/transactions/native', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', body)).toBe(
      'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"mchid":"1900000109"}\n',
    );
    expect(answerMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{"code_url":"weixin://x"}')).toBe('1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"code_url":"weixin://x"}\n');
    const header = buildAuthorization({ mchId: '1900000109', serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C', key: merchant.privateKeyPem, method: 'POST', url: '/v3/pay/transactions/native', body, nonce: '593BEC0C930BF1AFEB40B4A08C8FB242', timestamp: '1554208460' });
    const expected = forgeSign(merchant.privateKeyPem, 'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"mchid":"1900000109"}\n');
    expect(header).toBe(`WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C",signature="${expected}"`);
    expect(parseAuthorization(header)).toEqual({ mchid: '1900000109', nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242', timestamp: '1554208460', serial_no: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C', signature: expected });
    expect(parseAuthorization('Bearer x')).toBeUndefined();
  });

  it('checks an answer: serial, freshness, signature', () => {
    const platform = generateRsaKeyPair();
    const now = 1_764_000_000_000;
    const ts = String(now / 1000);
    const headers = signAnswer({ key: platform.privateKeyPem, serialNo: 'PUB_KEY_ID_1', body: '{}', nonce: 'n', timestamp: ts });
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const trust = { key: platform.publicKeyPem, serialNo: 'PUB_KEY_ID_1' };
    expect(checkSignedAnswer(lower, '{}', trust, now)).toBeUndefined();
    expect(checkSignedAnswer(lower, '{} ', trust, now)).toBe('bad Wechatpay-Signature');
    expect(checkSignedAnswer(lower, '{}', { ...trust, serialNo: 'PUB_KEY_ID_2' }, now)).toBe('unknown Wechatpay-Serial PUB_KEY_ID_1');
    expect(checkSignedAnswer(lower, '{}', trust, now + 301_000)).toBe('stale or malformed Wechatpay-Timestamp');
    expect(checkSignedAnswer({}, '{}', trust, now)).toBe('missing Wechatpay signature headers');
  });
});

describe('UnionPay 5.1.0 signatures and certificates', () => {
  const fields = { version: '5.1.0', merId: '777290058110097', orderId: 'PO20261124001', txnAmt: '12345', bizType: '000201', signature: 'ignored', reqReserved: '' };

  it('digests the sorted non-empty fields but signature (known vector) and signs the hex digest', () => {
    expect(unionpayDigest(fields)).toBe('bc724abd27a51c86c0aaa6c8104e157de715963be7ae4fca787712684d32585a');
    const keys = generateRsaKeyPair();
    expect(signUnionpay(fields, keys.privateKeyPem)).toBe(forgeSign(keys.privateKeyPem, 'bc724abd27a51c86c0aaa6c8104e157de715963be7ae4fca787712684d32585a'));
  });

  // Generous: it issues RSA certificates (node-forge), seconds on a busy machine.
  it('takes certId as the decimal serial number and trusts only a UnionPay certificate of the configured chain', { timeout: 120_000 }, () => {
    const root = issueCertificate({ commonName: 'root', ca: true });
    const middle = issueCertificate({ commonName: 'middle', ca: true, issuer: root });
    const signer = issueCertificate({ commonName: `CFCA@x@${UNIONPAY_SIGNER_NAME}@1`, issuer: middle, serialHex: '0F4240' });
    expect(certIdOf(signer.certPem)).toBe('1000000');
    const trust = { rootCertPem: root.certPem, middleCertPem: middle.certPem };
    const signed = (cert: { certPem: string; privateKeyPem: string }) => {
      const f = { ...fields, signMethod: '01', signPubKeyCert: cert.certPem };
      return { ...f, signature: signUnionpay(f, cert.privateKeyPem) };
    };
    const now = Date.now();
    expect(checkUnionpayMessage(signed(signer), trust, now)).toBeUndefined();
    expect(checkUnionpayMessage({ ...signed(signer), txnAmt: '1' }, trust, now)).toBe('bad signature');
    expect(checkUnionpayMessage({ ...signed(signer), signMethod: '11' }, trust, now)).toBe('unsupported signMethod 11');
    const otherName = issueCertificate({ commonName: 'CFCA@x@Someone Else@1', issuer: middle });
    expect(checkUnionpayMessage(signed(otherName), trust, now)).toBe('signPubKeyCert names Someone Else, not UnionPay');
    const outsider = issueCertificate({ commonName: `CFCA@x@${UNIONPAY_SIGNER_NAME}@1` });
    expect(checkUnionpayMessage(signed(outsider), trust, now)).toBe('signPubKeyCert not issued by the configured UnionPay chain');
    // The middle CA itself signing directly is not a signing certificate issued by the middle.
    expect(checkUnionpayMessage(signed(middle), trust, now)).toBe('signPubKeyCert not issued by the configured UnionPay chain');
    const expired = issueCertificate({ commonName: `CFCA@x@${UNIONPAY_SIGNER_NAME}@1`, issuer: middle, notBefore: new Date(now - 2 * 86400_000), notAfter: new Date(now - 86400_000) });
    expect(checkUnionpayMessage(signed(expired), trust, now)).toBe('signPubKeyCert expired or not yet valid');
    expect(trustedSignerKey({}, {}, now)).toEqual({ error: 'no UnionPay root and middle certificates configured' });
  });

  it('reads a synchronous answer as the SDK does: raw values, braces keep their ampersands', () => {
    const text = 'respCode=00&reqReserved={a=1&b=2}&signature=ab+/c==&signPubKeyCert=-----BEGIN CERTIFICATE-----\nMII+/=\n-----END CERTIFICATE-----';
    expect(parseUnionpayAnswer(text)).toEqual({ respCode: '00', reqReserved: '{a=1&b=2}', signature: 'ab+/c==', signPubKeyCert: '-----BEGIN CERTIFICATE-----\nMII+/=\n-----END CERTIFICATE-----' });
    expect(parseUnionpayAnswer(formatUnionpayAnswer({ a: '1', b: 'x=y' }))).toEqual({ a: '1', b: 'x=y' });
  });
});

describe('Beijing time', () => {
  it('writes and reads UTC+8 times', () => {
    const at = new Date('2026-11-24T16:30:05Z');
    expect(beijingRfc3339(at)).toBe('2026-11-25T00:30:05+08:00');
    expect(beijingCompact(at)).toBe('20261125003005');
    expect(parseBeijingCompact('20261125003005')?.toISOString()).toBe('2026-11-24T16:30:05.000Z');
    expect(parseBeijingCompact('2026-11-25')).toBeUndefined();
  });
});
